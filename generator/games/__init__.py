"""What differs from game to game: result syntax and scoring."""

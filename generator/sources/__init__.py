"""Reading organizers' files into located records."""

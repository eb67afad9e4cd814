"""FESA's turnering.txt: reading, validating and writing the file the rating officer receives."""

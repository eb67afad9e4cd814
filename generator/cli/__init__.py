"""The command line's commands, one module each (generator/__main__.py parses and dispatches)."""

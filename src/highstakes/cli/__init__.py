"""Command-line face: the ``highstakes`` entry point."""

"""Make-A-Million's terminal table (``app.MillionApp``), built on the shared table of ``highstakes.tui``."""

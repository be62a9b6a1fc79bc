"""Static files of the browser face: lobby and room pages, shared scripts and styles."""

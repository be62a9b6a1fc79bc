"""Analysis face: batch simulation and statistics over any game."""

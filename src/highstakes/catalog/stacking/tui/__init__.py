"""The stacking game's terminal table (``StackApp``): the stack in side view and the aim-and-release swing."""

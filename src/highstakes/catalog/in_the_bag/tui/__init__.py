"""It's in the Bag's terminal table (``BagApp``): a piece picker for feeding and bidding."""

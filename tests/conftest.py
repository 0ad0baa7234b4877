"""Shared fixtures: the registry's games, and the non-interactive matplotlib backend."""
import matplotlib

matplotlib.use("Agg")

"""Hamburgerspelet, the Swedish hamburger game (clauses HB-1 to HB-7, interpretations HB-I1 to HB-I15 in rules.md)."""
from .board import Board, load_board
from .rules import FadingMemory, HamburgerGame, NoMemory, PerfectMemory

__all__ = ["Board", "FadingMemory", "HamburgerGame", "NoMemory", "PerfectMemory", "load_board"]

"""Hamburgerspelet, the Swedish hamburger game (clauses HB-1 to HB-7, numbered interpretations HB-I1, HB-I2, ... in rules.md)."""
from .agents import FadingMemory, NoMemory, PerfectMemory
from .board import Board, load_board
from .rules import HamburgerGame

__all__ = ["Board", "FadingMemory", "HamburgerGame", "NoMemory", "PerfectMemory", "load_board"]

"""The Disneyland Game (clauses DL-1 to DL-7, numbered interpretations DL-I1, DL-I2, ... in rules.md)."""
from .agents import DisneylandHeuristic
from .board import Board, load_board
from .rules import DisneylandGame

__all__ = ["Board", "DisneylandGame", "DisneylandHeuristic", "load_board"]

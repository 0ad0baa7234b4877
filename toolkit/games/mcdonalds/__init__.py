"""The McDonald's Game (clauses MCD-1 to MCD-8, interpretations MCD-I1 to MCD-I19 in rules.md)."""
from .data import FOODS, FOOD_NAMES, Board, Menu, load_board, load_menus
from .rules import ForgetfulHeuristic, McDonaldsGame, McDonaldsHeuristic

__all__ = ["Board", "FOODS", "FOOD_NAMES", "ForgetfulHeuristic", "McDonaldsGame", "McDonaldsHeuristic", "Menu",
           "load_board", "load_menus"]

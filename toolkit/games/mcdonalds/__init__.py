"""The McDonald's Game (clauses MCD-1 to MCD-8, numbered interpretations MCD-I1, MCD-I2, ... in rules.md)."""
from .agents import ForgetfulHeuristic, McDonaldsHeuristic, PlannerAgent
from .board import FOODS, FOOD_NAMES, Board, Menu, load_board, load_menus
from .rules import McDonaldsGame

__all__ = ["Board", "FOODS", "FOOD_NAMES", "ForgetfulHeuristic", "McDonaldsGame", "McDonaldsHeuristic", "Menu",
           "PlannerAgent", "load_board", "load_menus"]

"""ipywidgets for the games: the stepper over a game's history, where a class can make a player's decisions."""
from .stepper import Stepper

__all__ = ["Stepper"]

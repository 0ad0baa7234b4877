"""Tests of the Food Chain Magnate map layer."""

"""Japanese Swords rules engine (package exports are added as modules land)."""

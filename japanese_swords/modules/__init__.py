"""Rule modules from the peer games (docs/variants.md): the registry and its checks.

The rules of each module are in its own file (``weather``, ``terrain_arms``), imported by the phase
that applies them; this package's top level is data only, so ``japanese_swords.game`` can validate a
module list without reaching the rules.
"""

from japanese_swords.modules.registry import (
    DEFAULT_RULES,
    MODULES,
    PLANNED_PRESETS,
    PRESETS,
    ModuleError,
    Param,
    RuleModule,
    add_arguments,
    canonical,
    chosen_explicitly,
    from_arguments,
    needs_scalar_rollouts,
    params_of,
    parse_spec,
    preset_modules,
    validate,
)

__all__ = ["Param", "RuleModule", "MODULES", "PRESETS", "PLANNED_PRESETS", "ModuleError", "parse_spec",
           "canonical", "validate", "params_of", "preset_modules", "needs_scalar_rollouts", "add_arguments",
           "from_arguments", "chosen_explicitly", "DEFAULT_RULES"]

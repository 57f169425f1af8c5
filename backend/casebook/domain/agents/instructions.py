"""The system prompt a model agent runs with: its instructions, then every skill it uses."""

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SkillText:
    name: str
    instructions: str


def system_prompt(instructions: str, skills: Sequence[SkillText]) -> str:
    parts = [instructions.strip()] if instructions.strip() else []
    for skill in skills:
        parts.append(f"## Skill: {skill.name}\n\n{skill.instructions.strip()}")
    return "\n\n".join(parts)

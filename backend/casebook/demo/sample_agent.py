"""The shop assistant's code, loaded from where the repository keeps it
(docs/examples/support_agent/shop_agent.py): the demo runs the very file a user reads."""

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import casebook

EXAMPLE_DIR = Path(casebook.__file__).resolve().parents[2] / "docs" / "examples" / "support_agent"
AGENT_FILE = EXAMPLE_DIR / "shop_agent.py"
MODULE_NAME = "shop_agent"


class SampleAgentMissing(Exception):
    def __init__(self) -> None:
        super().__init__(
            f"the demo's sample agent is not at {AGENT_FILE}: run Casebook from a clone of its "
            "repository (make run) for the demo"
        )


def load() -> ModuleType:
    """The example module, imported once per process."""
    if MODULE_NAME in sys.modules:
        return sys.modules[MODULE_NAME]
    if not AGENT_FILE.is_file():
        raise SampleAgentMissing()
    spec = importlib.util.spec_from_file_location(MODULE_NAME, AGENT_FILE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE_NAME] = module
    spec.loader.exec_module(module)
    return module


def knowledge_files() -> list[Path]:
    """The Markdown documents the agent answers from, as the demo uploads them."""
    folder: Path = load().KNOWLEDGE_DIR
    return sorted(folder.glob("*.md"))

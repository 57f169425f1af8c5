"""The agents permission table of docs/agents.md is the data the code decides by: each role's
reach of each agents permission in ``ROLE_REACH`` is the cell the table shows, and the
table the role tests perform (``spec_table``) is the same one."""

from pathlib import Path

from casebook.domain.access.catalog import ROLE_REACH, Permission, Role
from tests.integration.access.spec_table import TABLE

DOC = Path(__file__).resolve().parents[3] / "docs" / "agents.md"


def _documented() -> dict[str, dict[Role, str | None]]:
    rows: dict[str, dict[Role, str | None]] = {}
    header: list[Role] = []
    for line in DOC.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| |") and "Owner" in line:
            header = [Role(c.lower()) for c in cells[1:]]
        elif header and cells[0].startswith("`agents:") and len(cells) == len(header) + 1:
            permission = cells[0].strip("`")
            rows[permission] = {
                role: None if cell == "-" else cell
                for role, cell in zip(header, cells[1:], strict=True)
            }
    return rows


def test_the_documented_agents_table_is_the_reach_each_role_holds() -> None:
    documented = _documented()
    agents = [p for p in Permission if p.value.startswith("agents:")]
    assert sorted(documented) == sorted(p.value for p in agents)
    for permission in agents:
        for role in Role:
            reach = ROLE_REACH[role].get(permission)
            held = reach.value if reach is not None else None
            assert documented[permission.value][role] == held, (permission, role)
            assert TABLE[permission.value][role] == held, (permission, role)

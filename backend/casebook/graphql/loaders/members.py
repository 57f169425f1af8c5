"""Members of the reader's organization by id; None for anyone else (one who left)."""

from strawberry.dataloader import DataLoader

from casebook.services.identity.members import members_by_id
from casebook.services.kernel.context import ServiceContext
from casebook.services.kernel.records import User

MemberLoader = DataLoader[int, User | None]


def member_loader(services: ServiceContext) -> MemberLoader:
    async def load(user_ids: list[int]) -> list[User | None]:
        return await members_by_id(services, user_ids)

    return DataLoader(load_fn=load, cache=False)

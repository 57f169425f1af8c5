"""Personal data: a person's data export, and the organization's retention setting."""

import strawberry

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.mutations.personal_data import PersonInput, person_of
from casebook.graphql.permissions import requires
from casebook.services.erasure import export


@strawberry.type(name="PersonDataExport", description="A person's data, as a JSON file.")
class PersonDataExportType:
    filename: str
    content_type: str
    content: str


@strawberry.type
class PersonalDataQueries:
    @strawberry.field(
        extensions=requires(Permission.ORGANIZATION_MANAGE),
        description="Everything the organization holds that a person wrote or that was about "
        "them - conversations with the agents' answers, ratings, the cases holding their "
        "words in every revision, the score answer copies of their runs - as one JSON file. "
        "Audited.",
    )
    async def person_data_export(self, info: Info, person: PersonInput) -> PersonDataExportType:
        found = await export.export_person(info.context.services, person_of(person, "person"))
        return PersonDataExportType(
            filename=found.filename, content_type=found.content_type, content=found.content
        )

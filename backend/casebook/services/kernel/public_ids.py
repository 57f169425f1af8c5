"""The ids the API gives out, for what services send outside (a webhook agent's request).

They are the API's opaque global ids - base64 of ``<Type>:<id>`` - so an integrator
matches what a webhook receives with what GraphQL answers.
"""

from strawberry.relay import to_base64


def public_id(type_name: str, db_id: int) -> str:
    return to_base64(type_name, db_id)

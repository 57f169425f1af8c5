"""Signing in and out of the console, and switching organization."""

from typing import Any

import strawberry
from strawberry import relay

from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import AUTHENTICATED, PUBLIC, requires
from casebook.graphql.types.identity.organization import OrganizationType
from casebook.graphql.types.identity.viewer import ViewerType
from casebook.graphql.viewer_builder import build_viewer
from casebook.services.identity import auth

# Signing in and out and switching organization are the console's: no API key does them.
CONSOLE_ONLY: tuple[()] = ()


def client_address(request: Any) -> str | None:
    client = getattr(request, "client", None)
    return client.host if client is not None else None


@strawberry.input
class LoginInput:
    email: str
    password: str
    organization_id: relay.GlobalID | None = None


@strawberry.type
class LoginPayload:
    viewer: ViewerType


@strawberry.type
class LogoutPayload:
    signed_out: bool


@strawberry.type
class SwitchOrganizationPayload:
    viewer: ViewerType


@strawberry.type
class SessionMutations:
    @strawberry.mutation(
        extensions=requires(PUBLIC, key_scopes=CONSOLE_ONLY),
        description="Sign in to the console; sets an HttpOnly session cookie.",
    )
    async def login(self, info: Info, input: LoginInput) -> LoginPayload:
        services = info.context.services
        org_id = (
            decode_id(input.organization_id, OrganizationType, "organizationId")
            if input.organization_id
            else None
        )
        signed_in = await auth.login(
            services.sessionmaker,
            services.settings,
            email=input.email,
            password=input.password,
            organization_id=org_id,
            request_id=services.request_id,
            redis=services.redis,
            address=client_address(info.context.request),
        )
        response = info.context.response
        if response is not None and hasattr(response, "set_cookie"):
            response.set_cookie(
                auth.SESSION_COOKIE,
                signed_in.session_token,
                httponly=True,
                samesite="lax",
                secure=services.settings.secure_cookies,
                expires=signed_in.expires_at,
                path="/",
            )
        return LoginPayload(
            viewer=await build_viewer(
                services,
                signed_in.actor,
                authenticated_by="session",
                session_token=signed_in.session_token,
            )
        )

    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=CONSOLE_ONLY),
        description="Sign out: ends this console session.",
    )
    async def logout(self, info: Info) -> LogoutPayload:
        await auth.logout(
            info.context.services.sessionmaker, info.context.auth, info.context.services.request_id
        )
        response = info.context.response
        if response is not None and hasattr(response, "delete_cookie"):
            response.delete_cookie(auth.SESSION_COOKIE, path="/")
        return LogoutPayload(signed_out=True)

    @strawberry.mutation(
        extensions=requires(AUTHENTICATED, key_scopes=CONSOLE_ONLY),
        description="Act in another organization you belong to.",
    )
    async def switch_organization(
        self, info: Info, organization_id: relay.GlobalID
    ) -> SwitchOrganizationPayload:
        org_id = decode_id(organization_id, OrganizationType, "organizationId")
        actor = await auth.switch_organization(
            info.context.services.sessionmaker, info.context.auth, org_id
        )
        return SwitchOrganizationPayload(
            viewer=await build_viewer(
                info.context.services,
                actor,
                authenticated_by="session",
                session_token=info.context.auth.session_token,
            )
        )

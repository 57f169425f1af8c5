"""Serves the built console (a static single-page app) on its own port.

The console talks to the API cross-origin; ``/config.json`` tells it where the
API is. Unknown paths answer index.html so deep links such as
``/datasets/…?tab=cases&case=…`` open the app.
"""

import sys
from pathlib import Path

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

CONSOLE_PORT = 5173


def create_console_app(dist: Path, api_url: str) -> Starlette:
    index = dist / "index.html"

    async def config(_: Request) -> Response:
        return JSONResponse({"apiUrl": api_url}, headers={"cache-control": "no-store"})

    async def spa(_: Request) -> Response:
        return FileResponse(index, headers={"cache-control": "no-cache"})

    routes: list[BaseRoute] = [Route("/config.json", config)]
    if (dist / "assets").is_dir():
        routes.append(Mount("/assets", StaticFiles(directory=dist / "assets")))
    routes.append(Route("/{path:path}", spa))
    return Starlette(routes=routes)


def main() -> None:
    dist, api_base = Path(sys.argv[1]), sys.argv[2].rstrip("/")
    port = int(sys.argv[3]) if len(sys.argv) > 3 else CONSOLE_PORT
    host = sys.argv[4] if len(sys.argv) > 4 else "127.0.0.1"
    uvicorn.run(
        create_console_app(dist, f"{api_base}/graphql"), host=host, port=port, log_level="warning"
    )


if __name__ == "__main__":
    main()

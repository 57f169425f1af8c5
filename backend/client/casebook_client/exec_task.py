"""``casebook eval --exec "command …"``: an agent in any language, as a task.

One long-lived child process per concurrency slot, started from the command (split as a
shell would, run without one). Each case is one JSON line on the child's stdin, its answer
one JSON line on its stdout (``line_protocol``); what it writes to stderr goes to ours. A
child that exits, or breaks the protocol, fails the item it was answering with the reason
and is replaced by a new one for the next item.
"""

import asyncio
import contextlib
import os
import shlex

from casebook_client.answers import Answer, NotAnAnswer
from casebook_client.cases import EvalCase
from casebook_client.line_protocol import answer_from_line, case_line

LINE_LIMIT = 64 * 1024 * 1024
STOP_SECONDS = 5.0


class ExecCommandError(ValueError):
    pass


class ExecTask:
    def __init__(self, command: str, env: dict[str, str] | None = None) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise ExecCommandError(f"--exec: {error}") from None
        if not self.argv:
            raise ExecCommandError("--exec: the command is empty")
        self.env = env
        self.idle: list[asyncio.subprocess.Process] = []
        self.children: set[asyncio.subprocess.Process] = set()
        self.started = 0

    async def _spawn(self) -> asyncio.subprocess.Process:
        try:
            child = await asyncio.create_subprocess_exec(
                *self.argv,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=None,
                env=self.env if self.env is not None else dict(os.environ),
                limit=LINE_LIMIT,
            )
        except OSError as error:
            raise ExecCommandError(f"--exec: cannot start {self.argv[0]!r}: {error}") from None
        self.started += 1
        self.children.add(child)
        return child

    async def start(self) -> None:
        """One child started now, so that a command that cannot start is told at once."""
        self.idle.append(await self._spawn())

    async def __call__(self, case: EvalCase) -> Answer:
        child = self.idle.pop() if self.idle else await self._spawn()
        try:
            assert child.stdin is not None and child.stdout is not None
            child.stdin.write(case_line(case.to_json()))
            await child.stdin.drain()
            line = await child.stdout.readline()
        except (BrokenPipeError, ConnectionResetError):
            line = b""
        except (ValueError, asyncio.LimitOverrunError):
            await self._discard(child)
            return Answer(error=f"the agent wrote a line over {LINE_LIMIT:,} bytes; restarted")
        if not line:
            code = await self._discard(child)
            return Answer(
                error=f"the agent process exited (code {code}) before answering; restarted"
            )
        try:
            answer = answer_from_line(line.decode("utf-8", "replace"))
        except NotAnAnswer as broken:
            # Out of step with the protocol: its next line may be this case's answer.
            await self._discard(child)
            return Answer(error=f"{broken}; the agent process was restarted")
        self.idle.append(child)
        return answer

    async def _discard(self, child: asyncio.subprocess.Process) -> int | None:
        self.children.discard(child)
        if child.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                child.kill()
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(child.wait(), STOP_SECONDS)
        return child.returncode

    async def close(self) -> None:
        """Every child told to stop (stdin closed), killed if it does not within 5 s."""
        children, self.idle = list(self.children), []
        for child in children:
            if child.stdin is not None:
                with contextlib.suppress(Exception):
                    child.stdin.close()
        for child in children:
            try:
                await asyncio.wait_for(child.wait(), STOP_SECONDS)
            except asyncio.TimeoutError:
                await self._discard(child)
        self.children.clear()

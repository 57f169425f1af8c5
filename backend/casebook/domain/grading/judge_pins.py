"""What a score keeps of the judge that graded it (spec: "The judge").

"Each score keeps its model, published helper identity, rubric hash, task
version and instruction hash." Two grades compare only when every pin is the
same; a score is pinned whether its judge graded or failed.

- model: the model name the judge calls; the saved connection it is reached
  through is where, not what, so it is no pin;
- helper identity: the code-defined evaluation helper that builds the prompt
  and reads the verdict;
- task version: bumped whenever the prompt's wording or the verdict's rules
  change, since either changes what a grade means;
- rubric hash: the dataset's criteria (ids and wording, in order), the scale
  and the pass mark;
- instruction hash: the dataset's instructions, with line endings made alike.
"""

import hashlib
from dataclasses import dataclass

import orjson

from casebook.domain.grading.config import JudgeConfig
from casebook.domain.jsonvalue import JSONObject

JUDGE_HELPER_IDENTITY = "casebook.helpers.judge"
JUDGE_TASK_VERSION = "judge-task.1"


def _digest(payload: bytes) -> str:
    return "sha256:" + hashlib.sha256(payload).hexdigest()


def rubric_hash(judge: JudgeConfig) -> str:
    rubric = {
        "criteria": [[criterion.id, criterion.text] for criterion in judge.criteria],
        "scale": judge.scale,
        "pass_at": judge.pass_at,
    }
    return _digest(orjson.dumps(rubric, option=orjson.OPT_SORT_KEYS))


def instruction_hash(instructions: str) -> str:
    return _digest(instructions.replace("\r\n", "\n").encode())


@dataclass(frozen=True, slots=True)
class JudgePins:
    model: str | None
    helper: str
    task_version: str
    rubric_hash: str
    instruction_hash: str

    def comparable_with(self, other: "JudgePins") -> bool:
        return self == other

    def to_json(self) -> JSONObject:
        return {
            "model": self.model,
            "helper": self.helper,
            "task_version": self.task_version,
            "rubric_hash": self.rubric_hash,
            "instruction_hash": self.instruction_hash,
        }


def judge_pins(judge: JudgeConfig) -> JudgePins:
    return JudgePins(
        model=judge.model,
        helper=JUDGE_HELPER_IDENTITY,
        task_version=JUDGE_TASK_VERSION,
        rubric_hash=rubric_hash(judge),
        instruction_hash=instruction_hash(judge.instructions),
    )

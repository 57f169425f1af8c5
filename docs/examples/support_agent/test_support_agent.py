"""The same agent under the pytest plugin: each case of the dataset is a test of its own.

    CASEBOOK_DATASET=… CASEBOOK_AGENT=… pytest docs/examples/support_agent
"""

import os

import pytest

from agent import answer


@pytest.mark.casebook(dataset=os.environ["CASEBOOK_DATASET"], agent=os.environ["CASEBOOK_AGENT"])
def test_support_agent(casebook_case):
    return answer(casebook_case)

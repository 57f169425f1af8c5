"""A dataset as a shared resource: the one name sharing, grants and the audit log use."""

from casebook.db.models import Dataset
from casebook.services.kernel import sharing

DATASET_KIND = "dataset"

sharing.register_shared_kind(DATASET_KIND, Dataset)

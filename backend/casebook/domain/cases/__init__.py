"""Cases: what a case holds, its validation, import/export and twins."""

# Spec: "a dataset holds at most 10,000 cases". Services compare it with stored
# counts; an import file holding more rows than this is refused while parsing.
DATASET_MAX_CASES = 10_000

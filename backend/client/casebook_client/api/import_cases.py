from pydantic import Field

from .base_model import BaseModel


class ImportCases(BaseModel):
    import_cases: "ImportCasesImportCases" = Field(alias="importCases")


class ImportCasesImportCases(BaseModel):
    version: int
    imported: int
    redacted: int


ImportCases.model_rebuild()

import strawberry

from casebook.services.datasets.case_files import ExportFile


@strawberry.type(name="CaseExport")
class CaseExportType:
    filename: str
    content_type: str
    content: str
    case_count: int

    @classmethod
    def from_file(cls, exported: ExportFile) -> "CaseExportType":
        return cls(
            filename=exported.filename,
            content_type=exported.content_type,
            content=exported.body,
            case_count=exported.case_count,
        )

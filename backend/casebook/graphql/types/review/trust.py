"""Judge trust per criterion (issue 13, item 8), for Settings beside each criterion."""

import strawberry

from casebook.services.review.trust import CriterionTrust


@strawberry.type(
    name="CriterionTrust",
    description="How far people's decisions bear the judge out on one criterion, how often "
    "it flips on the same answer, and how often it quotes what the answer does not hold.",
)
class CriterionTrustType:
    found: strawberry.Private[CriterionTrust]

    @strawberry.field(
        description="A rubric criterion's id, or verdict (the judge as a whole), "
        "counter_example, reference, case_checks (each case's own judge checks together)."
    )
    def criterion_id(self) -> str:
        return self.found.criterion_id

    @strawberry.field(description="The rubric's words now; a label for the others.")
    def criterion_text(self) -> str:
        return self.found.criterion_text

    @strawberry.field(description="Decided scores on which the judge graded the criterion.")
    def decided(self) -> int:
        return self.found.agreement.decided

    @strawberry.field
    def both_pass(self) -> int:
        return self.found.agreement.both_pass

    @strawberry.field
    def both_fail(self) -> int:
        return self.found.agreement.both_fail

    @strawberry.field
    def judge_pass_person_fail(self) -> int:
        return self.found.agreement.judge_pass_person_fail

    @strawberry.field
    def judge_fail_person_pass(self) -> int:
        return self.found.agreement.judge_fail_person_pass

    @strawberry.field(description="Raw agreement: (bothPass + bothFail) / decided; null at 0.")
    def agreement(self) -> float | None:
        return self.found.agreement.raw

    @strawberry.field(
        description="Cohen's kappa over the 2x2 table: agreement beyond chance; null when "
        "nothing was decided or chance alone would agree every time."
    )
    def kappa(self) -> float | None:
        return self.found.agreement.kappa

    @strawberry.field(
        description="Same answers (one case revision, one answer text) graded on it more than once."
    )
    def repeated_answers(self) -> int:
        return self.found.flips.repeated

    @strawberry.field(description="Of those, how many were not graded the same every time.")
    def flipped(self) -> int:
        return self.found.flips.flipped

    @strawberry.field(description="flipped / repeatedAnswers; null at 0.")
    def flip_rate(self) -> float | None:
        return self.found.flips.rate

    @strawberry.field(description="Quotes the judge gave for it.")
    def quotes(self) -> int:
        return self.found.quotes.total

    @strawberry.field(description="Quotes the answer does not contain word for word.")
    def unverified_quotes(self) -> int:
        return self.found.quotes.unverified

    @strawberry.field(description="unverifiedQuotes / quotes; null at 0.")
    def unverified_quote_rate(self) -> float | None:
        return self.found.quotes.rate


@strawberry.type(name="JudgeTrust")
class JudgeTrustType:
    verdict: CriterionTrustType = strawberry.field(
        description="The judge's verdict as a whole against people's decisions."
    )
    criteria: list[CriterionTrustType] = strawberry.field(
        description="The rubric's criteria in order, then counter_example, reference and "
        "case_checks when graded."
    )

    @classmethod
    def of(cls, found: list[CriterionTrust]) -> "JudgeTrustType":
        return cls(
            verdict=CriterionTrustType(found=found[0]),
            criteria=[CriterionTrustType(found=f) for f in found[1:]],
        )

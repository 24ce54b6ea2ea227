"""A strategy rule in words: whole sentences of the catalogues, in en, nb and nn.

``rule_sentences(rule, language)`` gives, in order: one sentence per group of conditions
("Bank when the pile holds at least 5 cards and …", then "Also bank when …" for each further
group: OR over groups, AND inside one), "Otherwise draw.", and what the rule does with the aces
it banks (R11, R12). A group's conditions are joined as the language joins a list (``tr.join``:
"A, B and C", "A, B og C"). Reads only a rule's public fields (``bank_when`` of conditions with
``kind`` and ``value``, ``aces``), so it needs nothing of :mod:`.strategy_rules`.
"""

from __future__ import annotations

from fractions import Fraction

from ..i18n import translator

__all__ = ["condition_words", "rule_sentences"]


def condition_words(condition, tr) -> str:
    """One condition as a clause (``tr`` a :class:`~borsen_widget.i18n.Translator`)."""
    kind, value = condition.kind, condition.value
    if kind == "pile_at_least":
        return tr.npgettext(
            "strategy condition",
            "the pile holds at least {count} card",
            "the pile holds at least {count} cards",
            value,
            count=value,
        )
    if kind == "chance_below":
        return tr.pgettext(
            "strategy condition",
            "the chance that the next card is accepted is below {percent}",
            percent=tr.percent(Fraction(value, 100)),
        )
    if kind == "ahead_after_bank":
        return tr.pgettext("strategy condition", "banking puts you ahead of every other player")
    if value == 0:
        return tr.pgettext(
            "strategy condition", "banking brings you level with the leader or ahead"
        )
    return tr.npgettext(
        "strategy condition",
        "banking brings you within {count} card of the leader",
        "banking brings you within {count} cards of the leader",
        value,
        count=value,
    )


def rule_sentences(rule, language: str | None = None) -> list[str]:
    """The rule as whole sentences in ``language`` (``None``: the chosen one)."""
    tr = translator(language)
    said = []
    for i, group in enumerate(rule.bank_when):
        clauses = tr.join([condition_words(c, tr) for c in group])
        if i == 0:
            said.append(tr.gettext("Bank when {conditions}.", conditions=clauses))
        else:
            said.append(tr.gettext("Also bank when {conditions}.", conditions=clauses))
    said.append(tr.gettext("Otherwise draw."))
    if rule.aces == "list":
        said.append(tr.gettext("List every ace you bank."))
    elif rule.aces == "list_when_ahead":
        said.append(
            tr.gettext(
                "List the aces you bank when banking puts you ahead of every other player; "
                "else keep them."
            )
        )
    else:
        said.append(tr.gettext("Keep the aces you bank, listing only those over the limit."))
    return said

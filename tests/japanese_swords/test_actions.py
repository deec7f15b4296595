"""Action notation: every kind of action round-trips, and bad text gets a one-line NotationError."""

from __future__ import annotations

import pytest

from japanese_swords.actions import (
    Accept,
    Attack,
    Bundle,
    BuyHonor,
    Commit,
    Deal,
    Decline,
    Disband,
    Discard,
    Draw,
    End,
    IntrigueReply,
    Move,
    Offer,
    PlayCard,
    Raise,
    SetOrder,
    parse_action,
)
from japanese_swords.board import square_index, square_name
from japanese_swords.cards import Card
from japanese_swords.errors import IllegalActionError, NotationError

EXAMPLES = [
    (End(), "end"), (Draw(), "draw"), (BuyHonor(), "honor"), (Accept(), "accept"), (Decline(), "decline"),
    (PlayCard(Card.PROSPERITY), "play PR"), (PlayCard(Card.INTRIGUE, 1), "play IN p2"),
    (PlayCard(Card.FORCED_MARCH, square_index("c4")), "play FM c4"), (Disband(0), "disband a1"),
    (Raise(99), "raise j10"), (Move(square_index("c4"), square_index("c6")), "move c4 c6"),
    (Attack(square_index("c4"), square_index("c5")), "attack c4 c5"),
    (Commit((Card.DAIMYO, Card.PEASANT, Card.PEASANT)), "commit PF PF DA"), (Commit(()), "commit none"),
    (Discard(Card.TACTICS), "discard ST"), (IntrigueReply(True), "lose cards"),
    (IntrigueReply(False), "lose honor"), (Deal(Card.NINJA), "deal NI"), (SetOrder((1, 0, 2)), "order p2 p1 p3"),
    (Offer(1, Bundle(gold=3, honor=2, cards=(Card.TACTICS, Card.PEASANT), armies=(22,), keeps=(22,)),
           Bundle(gold=1), 'peace "forever"  , friend'),
     'offer p2 give 3g 2h PF ST @c3 #c3 get 1g say "peace \\"forever\\"  , friend"'),
    (Offer(2, Bundle(), Bundle(cards=(Card.DAIMYO,))), "offer p3 give nothing get DA"),
]


@pytest.mark.parametrize("action,text", EXAMPLES)
def test_notation_round_trips(action, text) -> None:
    assert str(action) == text
    assert parse_action(text) == action
    assert parse_action(str(action)) == action


def test_commit_order_does_not_matter() -> None:
    assert parse_action("commit DA PF pf") == Commit((Card.PEASANT, Card.PEASANT, Card.DAIMYO))


@pytest.mark.parametrize("text", ["", "fly a1 a2", "move a1", "move a0 a1", "move k1 a1", "commit XX",
                                  "play IN p5", "play PR p2", "order p1 p9", "offer p2 give 3g",
                                  'offer p2 give 3g get nothing say forever'])
def test_bad_notation_is_a_one_line_error(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_action(text)
    assert "\n" not in str(info.value)
    assert isinstance(info.value, IllegalActionError)


def test_square_names() -> None:
    assert [square_name(i) for i in (0, 9, 10, 99)] == ["a1", "j1", "a2", "j10"]
    assert all(square_index(square_name(i)) == i for i in range(100))

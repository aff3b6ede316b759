"""Lengths, sizes and the imposition geometry, measured in mm."""

import pytest

from pnp.base.units import MM, PAPERS, parse_length, parse_size
from pnp.layout import backs, impose, wording


def test_lengths_in_every_unit() -> None:
    assert parse_length("63.5mm") == pytest.approx(63.5 * MM)
    assert parse_length("2.5in") == pytest.approx(180)
    assert parse_length("10pt") == 10
    assert parse_length("1cm") == pytest.approx(10 * MM)
    with pytest.raises(ValueError, match="not a length"):
        parse_length("3 furlongs")


def test_sizes_presets_and_custom() -> None:
    assert parse_size("poker") == pytest.approx((63.5 * MM, 88 * MM))
    assert parse_size("38mm") == pytest.approx((38 * MM, 38 * MM))
    assert parse_size("70mm x 120mm") == pytest.approx((70 * MM, 120 * MM))
    with pytest.raises(ValueError):
        parse_size("huge")


@pytest.mark.parametrize("paper,count,landscape", [("a4", 9, False), ("letter", 8, True)])
def test_poker_cards_fit_with_marks_and_band_5mm_from_the_edge(paper: str, count: int,
                                                               landscape: bool) -> None:
    """A4 holds 9 poker cards; on Letter a third row would leave the marks 4.7 mm from
    the edge, so it holds 8, turned landscape (4 x 2), rather than 6 upright."""
    pw, ph = PAPERS[paper]
    lay = impose.plan(pw, ph, 63.5 * MM, 88 * MM, 3 * MM)
    assert lay.per_page == count and lay.landscape == landscape
    w, h = lay.page_w, lay.page_h
    x0, y0, x1, y1 = lay.bleed_box()
    band = impose.info_band(lay)
    assert band is not None and band.y >= impose.PRINT_MARGIN - 1e-6
    marks = impose.crop_marks(lay, band)
    assert len(marks) == 2 * (len(impose.cut_lines(lay)[0]) + len(impose.cut_lines(lay)[1]))
    for m in marks:
        # every mark lies wholly outside the art (bleed box), 5 mm from the paper edge,
        # and clear of the info band
        outside = (max(m.x0, m.x1) <= x0 + 1e-6 or min(m.x0, m.x1) >= x1 - 1e-6
                   or max(m.y0, m.y1) <= y0 + 1e-6 or min(m.y0, m.y1) >= y1 - 1e-6)
        assert outside
        assert min(m.x0, m.x1) >= impose.PRINT_MARGIN and max(m.x0, m.x1) <= w - impose.PRINT_MARGIN
        assert min(m.y0, m.y1) >= impose.PRINT_MARGIN and max(m.y0, m.y1) <= h - impose.PRINT_MARGIN
        assert min(m.y0, m.y1) >= band.y + band.room or abs(m.y0 - m.y1) < 1e-6 and (
            m.y0 > band.y + band.room)
        assert abs(m.x1 - m.x0) + abs(m.y1 - m.y0) >= 3 * MM - 1e-6


def test_gutter_layout_keeps_full_bleed_when_it_fits_as_many() -> None:
    w, h = PAPERS["a4"]
    lay = impose.plan(w, h, 50 * MM, 50 * MM, 3 * MM)  # 3 x 5 either way
    assert lay.per_page == 15
    assert lay.gutter == pytest.approx(6 * MM)
    assert all(s.bleed_left == s.bleed_top == pytest.approx(3 * MM) for s in lay.slots)


def test_round_items_always_get_a_gutter() -> None:
    w, h = PAPERS["a4"]
    assert impose.plan(w, h, 25 * MM, 25 * MM, 3 * MM).gutter == 0  # 77 > 54
    lay = impose.plan(w, h, 25 * MM, 25 * MM, 3 * MM, gutter_only=True)
    assert lay.gutter == pytest.approx(6 * MM) and lay.per_page == 54


def test_shared_cuts_have_no_bleed_inside() -> None:
    w, h = PAPERS["a4"]
    lay = impose.plan(w, h, 63.5 * MM, 88 * MM, 3 * MM)
    assert lay.gutter == 0
    middle = lay.slots[4]
    assert (middle.bleed_left, middle.bleed_right, middle.bleed_top, middle.bleed_bottom) == (0, 0, 0, 0)


def test_back_slot_mirrors_and_offsets() -> None:
    w, h = PAPERS["a4"]
    lay = impose.plan(w, h, 63.5 * MM, 88 * MM, 3 * MM)
    front = lay.slots[0]
    back = backs.back_slot(front, lay, "long", (1 * MM, -0.5 * MM))
    assert back.x + back.w / 2 == pytest.approx(w - (front.x + front.w / 2) + 1 * MM)
    assert back.y == pytest.approx(front.y - 0.5 * MM)
    short = backs.back_slot(front, lay, "short", (0, 0))
    assert short.x == pytest.approx(front.x)
    assert short.y + short.h / 2 == pytest.approx(h - (front.y + front.h / 2))


def test_landscape_backs_turn_over_the_paper_long_edge() -> None:
    """A landscape page lies across the paper: its long edges are top and bottom, so a
    long-edge flip mirrors it top to bottom (and the backs turn 180 degrees)."""
    lay = impose.plan(*PAPERS["letter"], 63.5 * MM, 88 * MM, 3 * MM)
    assert lay.landscape
    front = lay.slots[0]
    long_ = backs.back_slot(front, lay, "long", (0, 0))
    assert long_.x == pytest.approx(front.x)
    assert long_.y + long_.h / 2 == pytest.approx(lay.page_h - (front.y + front.h / 2))
    assert not backs.mirrors_x(lay, "long") and backs.mirrors_x(lay, "short")
    short = backs.back_slot(front, lay, "short", (0, 0))
    assert short.x + short.w / 2 == pytest.approx(lay.page_w - (front.x + front.w / 2))


def test_item_larger_than_paper_is_refused() -> None:
    w, h = PAPERS["a4"]
    with pytest.raises(ValueError, match="does not fit"):
        impose.plan(w, h, 300 * MM, 300 * MM, 3 * MM)


def test_a4_nine_cards_give_up_outer_bleed_for_3mm_marks() -> None:
    """9 poker cards on A4 leave 6.75 mm from the outer bleed to the paper's left and
    right edges: 1.65 mm marks. The outer bleed there gives way (1.65 mm), the marks
    get 3 mm, and everything else keeps its 3 mm of bleed."""
    w, h = PAPERS["a4"]
    lay = impose.plan(w, h, 63.5 * MM, 88 * MM, 3 * MM)
    assert lay.per_page == 9
    assert wording.trimmed(lay) == {"left": pytest.approx(1.65 * MM),
                                   "right": pytest.approx(1.65 * MM)}
    assert {round(s.bleed_top / MM, 3) for s in lay.slots[:3]} == {3.0}
    lengths = {round(max(abs(m.x1 - m.x0), abs(m.y1 - m.y0)) / MM, 2)
               for m in impose.crop_marks(lay, impose.info_band(lay))}
    assert min(lengths) == pytest.approx(3.0)
    # --own-bleed: no bleed given up; 2 x 2 gutter... the paper turned, 4 x 2
    own = impose.plan(w, h, 63.5 * MM, 88 * MM, 3 * MM, full_bleed=True)
    assert own.gutter == pytest.approx(6 * MM) and not wording.trimmed(own)
    assert all(min(s.bleed_left, s.bleed_right, s.bleed_top, s.bleed_bottom) == pytest.approx(
        3 * MM) for s in own.slots)


def test_backs_page_marks_move_with_the_offset() -> None:
    w, h = PAPERS["a4"]
    lay = impose.plan(w, h, 63.5 * MM, 88 * MM, 3 * MM)
    page = backs.backs_layout(lay, "long")
    band = impose.info_band(page)
    marks = impose.crop_marks(page, band)
    moved = backs.moved_marks(marks, page, band, (1 * MM, -0.5 * MM))
    for m, n in zip(marks, moved, strict=True):
        if m.x0 == m.x1:  # vertical: the whole mark moves 1 mm right
            assert n.x0 - m.x0 == pytest.approx(1 * MM)
        else:  # horizontal: it moves 0.5 mm down
            assert n.y0 - m.y0 == pytest.approx(-0.5 * MM)
        assert min(n.x0, n.y0) >= impose.PRINT_MARGIN - 1e-6  # never into the margin


def test_guests_never_cross_a_cut_line_of_their_host() -> None:
    """A guest in a host's spare space lies between the host's cut lines (each runs
    through the whole sheet), or is not placed at all: the 74 x 60 mm stands below four
    74 x 61 mm dice nets on A4 once crossed their column cut by 2 mm."""
    from pnp.components import spare

    w, h = PAPERS["a4"]
    dice = impose.plan(w, h, 74 * MM, 61 * MM, 3 * MM, count=4)
    assert spare.place(dice, 4, 3, 74 * MM, 60 * MM) is None
    for size, guest in (((74, 61), (22, 22)), ((63.5, 88), (22, 22)), ((32, 32), (12, 12)),
                        ((63.5, 88), (60, 40)), ((74, 61), (70, 30))):
        host = impose.plan(w, h, size[0] * MM, size[1] * MM, 3 * MM)
        for used in range(1, host.per_page):
            slots = spare.place(host, used, 4, guest[0] * MM, guest[1] * MM)
            xs, ys = impose.cut_lines(impose.subset(host, used))  # its crop marks
            for s in slots or []:
                x0, y0, bw, bh = s.art_box()
                assert not [x for x in xs if x0 + 1e-6 < x < x0 + bw - 1e-6], (size, used)
                assert not [y for y in ys if y0 + 1e-6 < y < y0 + bh - 1e-6], (size, used)

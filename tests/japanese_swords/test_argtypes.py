"""japanese_swords/argtypes.py: command-line number types accept plain ASCII numbers and refuse the rest."""

from __future__ import annotations

import argparse

import pytest
from hypothesis import given
from hypothesis import strategies as st

from japanese_swords.argtypes import decimal, positive_float, positive_int, whole_int


@pytest.mark.parametrize(("text", "value"), [("0.1", 0.1), ("2", 2.0), (".5", 0.5), ("3.", 3.0), ("+1.25", 1.25)])
def test_positive_float_reads_plain_decimals(text: str, value: float) -> None:
    assert positive_float(text) == value


@pytest.mark.parametrize("text", ["0", "0.0", "-1", "nan", "inf", "1e3", "", ".", " 1", "1_0", "١٢", "0x1"])
def test_positive_float_refuses_zero_negatives_and_non_decimals(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        positive_float(text)


@pytest.mark.parametrize(("text", "value"), [("0", 0.0), ("-1.5", -1.5), ("+.25", 0.25), ("1e-3", 0.001),
                                             ("2.5E+2", 250.0), ("1e999", None), ("nan", None), ("-inf", None),
                                             ("", None), ("e5", None), ("1e", None), ("١", None)])
def test_decimal_reads_finite_numbers_only(text: str, value: float | None) -> None:
    if value is None:
        with pytest.raises(argparse.ArgumentTypeError):
            decimal(text)
    else:
        assert decimal(text) == value


@given(st.text(max_size=40))
def test_number_types_answer_any_text_with_a_value_or_one_argument_error(text: str) -> None:
    for parse, kind in ((decimal, float), (positive_float, float), (positive_int, int), (whole_int, int)):
        try:
            value = parse(text)
        except argparse.ArgumentTypeError as exc:
            assert "\n" not in str(exc)
        else:
            assert isinstance(value, kind) and value == value  # never nan

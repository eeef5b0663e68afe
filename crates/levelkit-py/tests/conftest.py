"""Shared fixtures: the repository's shipped samples and generated files."""

from pathlib import Path

import pytest

import levelkit

REPO = Path(__file__).resolve().parents[3]
SAMPLES = REPO / "samples"


@pytest.fixture(scope="session")
def stage_bytes() -> bytes:
    return (SAMPLES / "stage.cl").read_bytes()


@pytest.fixture(scope="session")
def community_bytes() -> bytes:
    return (SAMPLES / "stage-community.cl").read_bytes()


@pytest.fixture(scope="session")
def level_bytes() -> bytes:
    return (SAMPLES / "LEVEL00.BIN").read_bytes()


@pytest.fixture(scope="session")
def vram_bytes() -> bytes:
    return levelkit.sample("vram")

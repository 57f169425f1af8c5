"""Provider keys at rest: encrypted with the server secret, only ever shown masked."""

import pytest

from casebook.llm.secrets import KeyCipher, KeyDecryptionFailed, mask_key

SERVER_SECRET = "a-long-server-secret-for-tests"
API_KEY = "sk-proj-abcdefghijklmnopqrstuvwxyz0123"


def test_a_key_survives_the_round_trip_and_is_not_stored_in_clear() -> None:
    cipher = KeyCipher(SERVER_SECRET)

    token = cipher.encrypt(API_KEY)

    assert API_KEY not in token
    assert API_KEY[-8:] not in token
    assert cipher.decrypt(token) == API_KEY


def test_encrypting_twice_gives_different_tokens() -> None:
    cipher = KeyCipher(SERVER_SECRET)

    assert cipher.encrypt(API_KEY) != cipher.encrypt(API_KEY)


def test_another_secret_cannot_decrypt() -> None:
    token = KeyCipher(SERVER_SECRET).encrypt(API_KEY)

    with pytest.raises(KeyDecryptionFailed) as raised:
        KeyCipher("another-server-secret-entirely").decrypt(token)

    assert API_KEY not in str(raised.value)
    assert token not in str(raised.value)


def test_a_tampered_token_is_refused() -> None:
    cipher = KeyCipher(SERVER_SECRET)
    token = cipher.encrypt(API_KEY)
    tampered = token[:-6] + ("A" if token[-6] != "A" else "B") + token[-5:]

    with pytest.raises(KeyDecryptionFailed):
        cipher.decrypt(tampered)
    with pytest.raises(KeyDecryptionFailed):
        cipher.decrypt("not a token ✗")


def test_rotation_reads_old_tokens_and_rewrites_them_under_the_new_secret() -> None:
    old_token = KeyCipher(SERVER_SECRET).encrypt(API_KEY)
    rotated_cipher = KeyCipher("the-new-server-secret-value", previous_secrets=[SERVER_SECRET])

    assert rotated_cipher.decrypt(old_token) == API_KEY
    new_token = rotated_cipher.rotate(old_token)
    assert KeyCipher("the-new-server-secret-value").decrypt(new_token) == API_KEY


@pytest.mark.parametrize("secret", ["", "short", "fifteen-chars!!"])
def test_a_short_server_secret_is_refused(secret: str) -> None:
    with pytest.raises(ValueError, match="at least 16"):
        KeyCipher(secret)


def test_an_empty_key_is_not_stored() -> None:
    with pytest.raises(ValueError):
        KeyCipher(SERVER_SECRET).encrypt("")


def test_the_cipher_shows_nothing_in_its_repr() -> None:
    assert SERVER_SECRET not in repr(KeyCipher(SERVER_SECRET))


@pytest.mark.parametrize(
    ("key", "masked"),
    [
        ("sk-proj-abcdefghijklmnopqrstuvwxyz0123", "sk-…0123"),
        ("sk-ant-api03-0000000000000000000000009abc", "sk-…9abc"),
        ("0123456789abcdefWXYZ", "•••• WXYZ"),
        ("short-key", "••••"),
        ("", "••••"),
    ],
)
def test_mask_key_shows_at_most_the_kind_and_the_last_four(key: str, masked: str) -> None:
    assert mask_key(key) == masked

"""Accounts of players: unique names (``namekey``), passwords (``passwords``), sessions and sign-in (``api``),
throttling of failed sign-ins (``throttle``), the texts a person reads (``texts``). The store side lives in
server/store/accounts.py."""

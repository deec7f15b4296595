"""A learned leaf value for the search: the seat's view encoded (:mod:`.encode`), a small MLP with a
compiled forward pass (:mod:`.network`), self-play positions (:mod:`.selfplay`), training (:mod:`.train`)
and the value the search calls (:mod:`.value`). Play needs numpy and numba only."""

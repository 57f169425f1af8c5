"""Model providers behind one protocol: chat, embeddings, usage and cost.

``protocol`` has the types callers use, ``factory.build_provider`` turns a
model connection into a provider, ``metering.MeteredProvider`` books every
call to an organization and a helper, ``secrets`` keeps keys encrypted at
rest, ``pricing`` prices calls.
"""

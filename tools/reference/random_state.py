#!/usr/bin/env python3
"""NumPy's legacy RandomState (MT19937) values for Cohort's RandomState differential test.

Writes ndarray-api/src/test/resources/reference/random_state.json:
  "sequences": for several seeds, a sequence of calls on ONE RandomState(seed) (so the state, including the
               cached Gaussian of randn, carries from call to call exactly as NumPy's does); every call records
               its name, arguments, result shape, dtype and flat C-order values (floats as Python's shortest
               repr, which Java's Double.parseDouble reads back to the same bits; ints exact).
  "digests":   large draws of one RandomState(2024), in order. Calls whose values need no libm function (uniform,
               randint, permutation) record the SHA-256 of their little-endian 8-byte values (bit-equality at scale,
               and, coming after the others, proof that the stream stayed in step). Calls through log/exp
               (randn, normal, lognormal, exponential) record every 500th value: those go through the C library's
               log and exp, which Java's Math.log/Math.exp match except in the last bits of ~0.1 % of the values.
  "mt19937":   for several seeds, NumPy's MT19937(seed) (SeedSequence seeding): key[0:4], key[620:624], pos,
               random_raw(6), and RandomState(MT19937(seed)).random_sample(5).
The Java side (RandomStateReferenceTest) replays the same calls by name on 1 and 3 shards.

    python3 tools/reference/random_state.py
"""
import json
import os
import warnings

import numpy as np

OUT = os.path.join(os.path.dirname(__file__), '..', '..', 'ndarray-api', 'src', 'test', 'resources', 'reference',
                   'random_state.json')

# (name, args): the Java test maps each name to one RandomState method
SEQUENCE_A = [
    ('rand', [3, 4]),
    ('randn', [7]),                      # odd count: the 8th Gaussian stays cached ...
    ('randn', [2, 3]),                   # ... and is this call's first value
    ('randint', [0, 10, [20], 'int64']),
    ('rand', [5]),
    ('normal', [1.5, 2.0, [3, 3]]),
    ('uniform', [-2.0, 3.0, [11]]),
    ('randint', [-5, 5, [4, 5], 'int32']),
    ('randint', [0, 2, [40], 'bool']),
    ('randint', [-(2 ** 40), 2 ** 40, [9], 'int64']),   # 64-bit masked path
    ('randint', [-(2 ** 63), 2 ** 63 - 1, [5], 'int64']),
    ('randint', [0, 2 ** 32, [6], 'int64']),         # rng = 2^32 - 1: raw 32-bit outputs
    ('randint', [7, 8, [3], 'int64']),               # rng = 0: no draw
    ('random_sample', [6]),
    ('standard_normal', [5]),
    ('permutation', [17]),
    ('rand', []),                        # size None: one value (a 0-d array in Cohort)
    ('randn', []),
]

SEQUENCE_B = [
    ('standard_exponential', [8]),
    ('exponential', [2.5, [3, 2]]),
    ('lognormal', [0.5, 0.75, [7]]),
    ('random_integers', [1, 6, [12]]),
    ('shuffle', [10]),                   # shuffle(arange(10.0))
    ('permutation_rows', [5, 3]),        # permutation(arange(15).reshape(5, 3))
    ('choice', [9, [12]]),
    ('choice_no_replace', [30, [4, 3]]),
    ('choice_p', [4, [25], [0.1, 0.0, 0.6, 0.3]]),
    ('choice_p_no_replace', [6, [4], [0.05, 0.3, 0.15, 0.0, 0.2, 0.3]]),
    ('choice_array', [[10.5, 20.5, 30.5, 40.5, 50.5], [8]]),
    ('bytes', [11]),
    ('seed', [77]),
    ('rand', [4]),
    ('randn', [3]),
    ('randint', [3, 1000, [2, 7], 'int64']),
]

SEEDS_A = [0, 1, 42, 12345, 2 ** 32 - 1]
SEEDS_B = [5, 2 ** 31]


def run_call(rs, name, args):
    if name == 'rand':
        return rs.rand(*args)
    if name == 'randn':
        return rs.randn(*args)
    if name == 'random_sample':
        return rs.random_sample(args[0])
    if name == 'standard_normal':
        return rs.standard_normal(args[0])
    if name == 'normal':
        return rs.normal(args[0], args[1], args[2])
    if name == 'uniform':
        return rs.uniform(args[0], args[1], args[2])
    if name == 'randint':
        return rs.randint(args[0], args[1], size=args[2], dtype=args[3])
    if name == 'random_integers':
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', DeprecationWarning)
            return rs.random_integers(args[0], args[1], args[2])
    if name == 'standard_exponential':
        return rs.standard_exponential(args[0])
    if name == 'exponential':
        return rs.exponential(args[0], args[1])
    if name == 'lognormal':
        return rs.lognormal(args[0], args[1], args[2])
    if name == 'permutation':
        return rs.permutation(args[0])
    if name == 'shuffle':
        x = np.arange(float(args[0]))
        rs.shuffle(x)
        return x
    if name == 'permutation_rows':
        return rs.permutation(np.arange(args[0] * args[1]).reshape(args[0], args[1]))
    if name == 'choice':
        return rs.choice(args[0], args[1])
    if name == 'choice_no_replace':
        return rs.choice(args[0], args[1], replace=False)
    if name == 'choice_p':
        return rs.choice(args[0], args[1], p=args[2])
    if name == 'choice_p_no_replace':
        return rs.choice(args[0], args[1], replace=False, p=args[2])
    if name == 'choice_array':
        return rs.choice(np.array(args[0]), args[1])
    if name == 'bytes':
        return np.frombuffer(rs.bytes(args[0]), dtype=np.uint8).astype(np.int64)
    if name == 'seed':
        rs.seed(args[0])
        return None
    raise ValueError(name)


def record(name, args, r):
    if r is None:
        return {'call': name, 'args': args}
    a = np.asarray(r)
    dtype = 'bool' if a.dtype == np.bool_ else str(a.dtype)
    if a.dtype.kind == 'f':
        values = [float(v) for v in a.ravel()]
    else:
        values = [int(v) for v in a.ravel()]
    return {'call': name, 'args': args, 'shape': list(a.shape), 'dtype': dtype, 'values': values}


def sequences():
    out = []
    for seeds, seq, label in ((SEEDS_A, SEQUENCE_A, 'A'), (SEEDS_B, SEQUENCE_B, 'B'), (SEEDS_A[:2], SEQUENCE_B, 'B')):
        for seed in seeds:
            rs = np.random.RandomState(seed)
            calls = [record(name, args, run_call(rs, name, args)) for name, args in seq]
            out.append({'name': f'{label}/seed={seed}', 'seed': seed, 'calls': calls})
    return out


def mt19937():
    out = []
    for seed in (0, 7, 123456789, 2 ** 40 + 3):
        bg = np.random.MT19937(seed)
        st = bg.state['state']
        key = [int(k) for k in st['key']]
        entry = {'seed': seed, 'key_head': key[:4], 'key_tail': key[-4:], 'pos': int(st['pos'])}
        entry['random_raw'] = [int(v) for v in bg.random_raw(6)]
        rs = np.random.RandomState(np.random.MT19937(seed))
        entry['random_sample'] = [float(v) for v in rs.random_sample(5)]
        out.append(entry)
    return out


DIGEST_CALLS = [
    ('randn', [200001]),
    ('normal', [-3.0, 0.25, [50000]]),
    ('lognormal', [0.3, 1.7, [100000]]),
    ('exponential', [4.0, [100000]]),
    ('uniform', [-1.0, 7.0, [100000]]),
    ('randint', [-(10 ** 12), 10 ** 12, [50000], 'int64']),
    ('permutation', [100000]),
]


LIBM_CALLS = ('randn', 'standard_normal', 'normal', 'lognormal', 'exponential', 'standard_exponential')


def digests():
    import hashlib
    rs = np.random.RandomState(2024)
    out = []
    for name, args in DIGEST_CALLS:
        a = np.ascontiguousarray(run_call(rs, name, args))
        a = a.astype('<f8') if a.dtype.kind == 'f' else a.astype('<i8')
        if name in LIBM_CALLS:
            out.append({'call': name, 'args': args, 'every': 500, 'sample': [float(v) for v in a[::500]]})
        else:
            out.append({'call': name, 'args': args, 'sha256': hashlib.sha256(a.tobytes()).hexdigest()})
    return out


def main():
    doc = {'numpy': np.__version__, 'sequences': sequences(), 'digests': digests(), 'mt19937': mt19937()}
    with open(OUT, 'w') as f:
        json.dump(doc, f, separators=(',', ':'))
        f.write('\n')
    print('wrote', os.path.normpath(OUT), os.path.getsize(OUT), 'bytes')


if __name__ == '__main__':
    main()

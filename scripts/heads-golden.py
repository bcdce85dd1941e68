#!/usr/bin/python3
"""Writes tests/unit/data/heads_golden.txt: the two-layer attention-only transformer of
src/learn/heads.cpp written again in PyTorch (float64), its batch loss and autograd's gradient.

usage: /usr/bin/python3 scripts/heads-golden.py [OUTPUT]
Needs Debian's python3-torch (apt-get install python3-torch), only here: the test suite reads the
numbers this writes (tests/unit/learn_heads_golden_test.cpp) and never runs torch. Run it again only after
a deliberate change to the model's arithmetic, and say so in the commit.

The parameters are drawn here (torch's generator, fixed seeds) and written out whole, in the order of
heads::Layout's flat array (LayoutOf): token embedding, position embedding, then for each layer and
each head W_Q, W_K, W_V (head_width x width, one row per output) and W_O (width x head_width), then
the unembedding (vocabulary x width).
"""
import math
import os
import subprocess
import sys

import torch

LAYERS = 2

# name, vocabulary, length, width, heads, sequences, knocked-out (layer, head), seed
CASES = [
    ('two-heads', 6, 9, 6, 2, 3, [], 11),
    ('two-heads-knocked-out', 6, 9, 6, 2, 2, [(0, 1), (1, 0)], 12),
    ('one-head-odd-width', 5, 8, 5, 1, 2, [], 13),
    ('four-heads', 7, 10, 8, 4, 2, [(1, 3)], 14),
]


def blocks(vocabulary, length, width, heads):
    """(label, rows, columns) of each part of the flat array, in heads::LayoutOf's order."""
    head_width = width // heads
    parts = [('token_embedding', vocabulary, width), ('position_embedding', length, width)]
    for layer in range(LAYERS):
        for head in range(heads):
            for name in ('query', 'key', 'value'):
                parts.append((f'{name} layer {layer} head {head}', head_width, width))
            parts.append((f'output layer {layer} head {head}', width, head_width))
    parts.append(('unembedding', vocabulary, width))
    return parts


def draw_parameters(parts, width, generator):
    """Uniform like heads::StartTraining: standard deviation 1 for the embeddings, 1/sqrt(width)
    for the rest."""
    values = []
    for label, rows, columns in parts:
        fan_in = 1 if label in ('token_embedding', 'position_embedding') else width
        bound = math.sqrt(3.0 / fan_in)
        values.append((torch.rand(rows * columns, generator=generator, dtype=torch.float64) * 2 - 1) * bound)
    return torch.cat(values)


def model_loss(theta, parts, tokens, heads, knocked):
    """The batch mean of each sequence's mean next-token cross-entropy over positions 0..T-2."""
    views, at = {}, 0
    for label, rows, columns in parts:
        views[label] = theta[at:at + rows * columns].view(rows, columns)
        at += rows * columns
    assert at == theta.numel()
    length = tokens.shape[1]
    head_width = views['query layer 0 head 0'].shape[0]
    scale = 1.0 / math.sqrt(head_width)
    future = torch.triu(torch.ones(length, length, dtype=torch.bool), diagonal=1)
    losses = []
    for sequence in tokens:
        x = views['token_embedding'][sequence] + views['position_embedding']
        for layer in range(LAYERS):
            following = x
            for head in range(heads):
                name = f'layer {layer} head {head}'
                q = x @ views['query ' + name].T
                k = x @ views['key ' + name].T
                v = x @ views['value ' + name].T
                pattern = torch.softmax((q @ k.T * scale).masked_fill(future, -math.inf), dim=-1)
                assert torch.allclose(pattern.sum(dim=-1), torch.ones(length, dtype=torch.float64))
                if (layer, head) in knocked:
                    continue
                following = following + (pattern @ v) @ views['output ' + name].T
            x = following
        logits = x @ views['unembedding'].T
        log_probabilities = torch.log_softmax(logits, dim=-1)
        loss = -log_probabilities[torch.arange(length - 1), sequence[1:]].mean()
        check = torch.nn.functional.cross_entropy(logits[:-1], sequence[1:])
        assert abs(loss.item() - check.item()) <= 1e-12 * abs(check.item())
        losses.append(loss)
    return torch.stack(losses).mean()


def number(value):
    return '%.17g' % value


def write_numbers(lines, values, per_line=6):
    for start in range(0, len(values), per_line):
        lines.append(' '.join(number(v) for v in values[start:start + per_line]))


def make_case(name, vocabulary, length, width, heads, count, knocked, seed):
    generator = torch.Generator().manual_seed(seed)
    parts = blocks(vocabulary, length, width, heads)
    size = sum(rows * columns for _, rows, columns in parts)
    head_width = width // heads
    assert size == 2 * vocabulary * width + length * width + LAYERS * heads * 4 * head_width * width
    tokens = torch.randint(vocabulary, (count, length), generator=generator)
    theta = draw_parameters(parts, width, generator).requires_grad_(True)
    loss = model_loss(theta, parts, tokens, heads, knocked)
    loss.backward()
    gradient = theta.grad.detach()
    assert torch.isfinite(gradient).all()
    # A knocked-out head's parameters get nothing; every other part gets something.
    at = 0
    for label, rows, columns in parts:
        part = gradient[at:at + rows * columns]
        knocked_part = any(label.endswith(f'layer {l} head {h}') for l, h in knocked)
        assert (part == 0).all() if knocked_part else (part != 0).any(), label
        at += rows * columns

    lines = [f'case {name}',
             f'options vocabulary {vocabulary} length {length} width {width} heads {heads}',
             ' '.join(['knocked_out'] + [f'{l} {h}' for l, h in knocked] + ['end']),
             f'sequences {count}']
    lines += [' '.join(str(int(t)) for t in sequence) for sequence in tokens]
    lines.append(f'parameters {size}')
    values = theta.detach().tolist()
    at = 0
    for label, rows, columns in parts:
        lines.append(f'# {label} ({rows} x {columns})')
        write_numbers(lines, values[at:at + rows * columns])
        at += rows * columns
    lines.append(f'loss {number(loss.item())}')
    lines.append(f'gradient {size}')
    write_numbers(lines, gradient.tolist())
    lines.append('')
    return lines, (values, loss.item(), gradient.tolist())


def torch_version():
    """torch's own version and, where Debian installed it, the package's (1.13.1 reports 1.13.0a0)."""
    try:
        package = subprocess.run(['dpkg-query', '-W', '-f', '${Version}', 'python3-torch'],
                                 capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return torch.__version__
    return f'{torch.__version__} (Debian python3-torch {package})'


def main(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    output = argv[1] if len(argv) > 1 else os.path.join(root, 'tests', 'unit', 'data', 'heads_golden.txt')
    torch.set_default_dtype(torch.float64)
    lines = [
        '# Golden cases for heads::Forward / SequenceLoss / Backward (tests/unit/learn_heads_golden_test.cpp).',
        f'# Made by `/usr/bin/python3 scripts/heads-golden.py` with torch {torch_version()},',
        '# float64: the model of src/learn/heads.cpp written again in torch, its batch mean loss and',
        "# autograd's gradient. Do not edit by hand; run the script again.",
        '#',
        '# Per case: `case NAME`; `options` (as heads::Options, each already within its range);',
        '# `knocked_out` then LAYER HEAD pairs then `end`; `sequences N` then N lines of length tokens;',
        '# `parameters N` then N numbers in heads::Layout order; `loss X`; `gradient N` then N numbers.',
        '# Text after # is a comment.',
        '',
    ]
    made = []
    for case in CASES:
        case_lines, numbers = make_case(*case)
        lines += case_lines
        made.append(numbers)
    text = '\n'.join(lines)
    # The text gives back exactly the numbers it was made from.
    words = [w for line in text.splitlines() for w in line.split('#')[0].split()]
    for values, loss, gradient in made:
        start = words.index('parameters') + 2
        assert [float(w) for w in words[start:start + len(values)]] == values
        assert float(words[words.index('loss') + 1]) == loss
        start = words.index('gradient') + 2
        assert [float(w) for w in words[start:start + len(gradient)]] == gradient
        words = words[start + len(gradient):]
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    with open(output, 'w', encoding='utf-8') as out:
        out.write(text)
    print(f'{output}: {len(CASES)} cases, torch {torch_version()}')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))

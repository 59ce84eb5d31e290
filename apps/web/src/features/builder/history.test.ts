import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  HISTORY_LIMIT,
  historySize,
  pushHistory,
  redo,
  undo,
} from './history.ts';

describe('builder history', () => {
  it('undoes and redoes in order, and a new edit drops the redo branch', () => {
    let history = createHistory(0);
    for (const value of [1, 2, 3]) history = pushHistory(history, value);
    history = undo(undo(history));
    expect(history.present).toBe(1);
    expect(canRedo(history)).toBe(true);
    history = redo(history);
    expect(history.present).toBe(2);
    history = pushHistory(history, 9);
    expect(canRedo(history)).toBe(false);
    expect(history.past).toEqual([0, 1, 2]);
  });

  it('keeps at most 1000 snapshots, dropping the oldest', () => {
    let history = createHistory(0);
    for (let value = 1; value <= 1500; value += 1) history = pushHistory(history, value);
    expect(HISTORY_LIMIT).toBe(1000);
    expect(historySize(history)).toBe(1000);
    expect(history.past[0]).toBe(501);
    let steps = 0;
    while (canUndo(history)) {
      history = undo(history);
      steps += 1;
    }
    expect(steps).toBe(999);
    expect(history.present).toBe(501);
    expect(historySize(history)).toBe(1000);
  });

  it('ignores undo/redo at the ends and pushes of the same value', () => {
    const history = createHistory('a');
    expect(undo(history)).toBe(history);
    expect(redo(history)).toBe(history);
    expect(pushHistory(history, 'a')).toBe(history);
  });
});

import { describe, expect, it } from 'vitest';
import { validate } from './validate.ts';

const keys = (value: unknown, rules: string) => validate(value, rules).map((i) => i.key);

describe('between', () => {
  it('bounds a number by value, inclusive', () => {
    expect(keys(5, 'between:1,10')).toEqual([]);
    expect(keys(1, 'between:1,10')).toEqual([]);
    expect(keys(10, 'between:1,10')).toEqual([]);
    expect(keys(0, 'between:1,10')).toEqual(['between']);
    expect(keys(10.5, 'between:1,10')).toEqual(['between']);
  });
  it('bounds text by length', () => {
    expect(keys('abc', 'between:3,5')).toEqual([]);
    expect(keys('ab', 'between:3,5')).toEqual(['between_length']);
    expect(keys('abcdef', 'between:3,5')).toEqual(['between_length']);
    expect(keys('12', 'between:3,5')).toEqual(['between_length']); // text, not a number
  });
  it('bounds a list by its count', () => {
    expect(keys(['a', 'b'], 'between:1,2')).toEqual([]);
    expect(keys(['a', 'b', 'c'], 'between:1,2')).toEqual(['between_items']);
  });
  it('accepts reversed bounds and a forced measure', () => {
    expect(keys(7, 'between:10,1')).toEqual([]);
    expect(keys('7', 'between:1,10,value')).toEqual([]);
    expect(keys('70', 'between:1,10,value')).toEqual(['between']);
    expect(keys(12345, 'between:1,3,length')).toEqual(['between_length']);
  });
  it('treats bad bounds as a misconfigured rule', () => {
    expect(keys(5, 'between:a,10')).toEqual(['default']);
    expect(keys(5, 'between:1')).toEqual(['default']);
  });
  it('states the bounds', () => {
    expect(validate(20, 'between:1,10', { label: 'age' })[0]?.message).toBe('Age must be between 1 and 10.');
    expect(validate('a', 'between:3,5', { label: 'code' })[0]?.message).toBe(
      'Code must be between 3 and 5 characters long.',
    );
  });
});

describe('max', () => {
  it('counts characters of text', () => {
    expect(keys('a'.repeat(21), 'max:21')).toEqual([]);
    expect(keys('a'.repeat(22), 'max:21')).toEqual(['max_length']);
    expect(keys('ñandú', 'max:5')).toEqual([]);
    expect(keys('👍👍', 'max:2')).toEqual([]); // characters, not UTF-16 units
  });
  it('compares numbers by value', () => {
    expect(keys(100, 'max:100')).toEqual([]);
    expect(keys(101, 'max:100')).toEqual(['max']);
    expect(keys('101', 'max:100,value')).toEqual(['max']);
  });
  it('counts selected items', () => {
    expect(keys(['a', 'b'], 'max:2')).toEqual([]);
    expect(keys(['a', 'b', 'c'], 'max:2')).toEqual(['max_items']);
  });
  it('fails on values it cannot measure', () => {
    expect(keys({}, 'max:2')).toEqual(['max']);
    expect(keys(5, 'max:x')).toEqual(['default']);
  });
});

describe('min', () => {
  it('counts characters of text', () => {
    expect(keys('abc', 'min:3')).toEqual([]);
    expect(keys('ab', 'min:3')).toEqual(['min_length']);
    expect(keys('', 'min:3')).toEqual(['min_length']);
  });
  it('compares numbers by value', () => {
    expect(keys(18, 'min:18')).toEqual([]);
    expect(keys(17, 'min:18')).toEqual(['min']);
    expect(keys(-1, 'min:0')).toEqual(['min']);
  });
  it('counts selected items', () => {
    expect(keys(['a'], 'min:1')).toEqual([]);
    expect(keys([], 'min:1')).toEqual(['min_items']);
  });
  it('uses the singular for one', () => {
    expect(validate('', 'min:1', { label: 'code' })[0]?.message).toBe('Code must be at least 1 character long.');
    expect(validate('', 'min:2', { label: 'code' })[0]?.message).toBe('Code must be at least 2 characters long.');
    expect(validate([], 'min:1', { label: 'reports', locale: 'es' })[0]?.message).toBe(
      'El campo reports requiere al menos 1 elemento seleccionado.',
    );
  });
});

describe('number', () => {
  it('accepts numbers and numeric text', () => {
    for (const v of [0, -3.5, '42', '1e3', ' 7 ']) expect(keys(v, 'number')).toEqual([]);
  });
  it('rejects everything else', () => {
    for (const v of ['', ' ', 'abc', '12a', NaN, Infinity, null, [], true])
      expect(keys(v, 'number')).toEqual(['number']);
  });
});

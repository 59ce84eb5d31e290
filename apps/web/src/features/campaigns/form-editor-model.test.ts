import { describe, expect, it } from 'vitest';
import {
  customField,
  editorIssues,
  keyFromLabel,
  missingStandardKeys,
  moveField,
  removeField,
  splitFormErrors,
  standardField,
  toEditorFields,
  toFormPayload,
} from './form-editor-model.ts';

describe('form editor model', () => {
  it('moves a field up and down and ignores moves past the ends', () => {
    const list = ['a', 'b', 'c'];
    expect(moveField(list, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveField(list, 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveField(list, 0, -1)).toEqual(list);
    expect(moveField(list, 2, 1)).toEqual(list);
    expect(list).toEqual(['a', 'b', 'c']);
    expect(removeField(list, 1)).toEqual(['a', 'c']);
  });

  it('lists the standard fields not yet in the form, with their fixed types', () => {
    const fields = [standardField('cedula', 'Cédula'), standardField('email', 'Correo')];
    expect(missingStandardKeys(fields)).toEqual(['name', 'phone', 'birthdate', 'sex', 'department']);
    expect(fields[0]).toMatchObject({ type: 'cedula', required: true });
    expect(standardField('birthdate', 'x').type).toBe('date');
  });

  it('derives unique keys from question texts', () => {
    expect(keyFromLabel('¿Cuál es su café favorito?', [])).toBe('cual_es_su_cafe_favorito');
    expect(keyFromLabel('Color', ['color'])).toBe('color_2');
    expect(keyFromLabel('Email', [])).toBe('email_2');
    expect(keyFromLabel('123', [])).toBe('pregunta');
  });

  it('builds the PUT body with trimmed options only for choice fields', () => {
    const choice = { ...customField('Color', 'choice', []), optionsText: ' Rojo \n\nAzul\n' };
    const text = { ...customField('Comentario', 'text', ['color']), optionsText: 'ignored' };
    expect(toFormPayload([choice, text]).fields).toEqual([
      { key: 'color', type: 'choice', label: 'Color', required: false, options: ['Rojo', 'Azul'] },
      { key: 'comentario', type: 'text', label: 'Comentario', required: false },
    ]);
    const roundTrip = toEditorFields(toFormPayload([choice]).fields);
    expect(roundTrip[0]?.optionsText).toBe('Rojo\nAzul');
  });

  it('reports the required identity and department fields', () => {
    expect(editorIssues([])).toEqual(['IDENTITY_FIELD_REQUIRED', 'DEPARTMENT_FIELD_REQUIRED']);
    const cedula = { ...standardField('cedula', 'Cédula'), required: false };
    expect(editorIssues([cedula, standardField('department', 'Provincia')])).toEqual([
      'IDENTITY_FIELD_REQUIRED',
    ]);
  });

  it('splits server details into form-wide and per-row messages', () => {
    const { general, byRow } = splitFormErrors([
      { path: 'fields', message: 'Falta cédula' },
      { path: 'fields.2.key', message: 'Duplicado' },
      { path: 'fields.2', message: 'Otro' },
    ]);
    expect(general).toEqual(['Falta cédula']);
    expect(byRow.get(2)).toEqual(['Duplicado', 'Otro']);
  });
});

// No imports: the browser tests (e2e/tests/api-setup.ts) take it too.

/** The standard form: identity number, name, e-mail, phone, birthdate, sex and department. */
export const STANDARD_FORM = {
  fields: [
    { key: 'cedula', type: 'cedula', label: 'Cédula', required: true },
    { key: 'name', type: 'text', label: 'Nombre completo', required: true },
    { key: 'email', type: 'email', label: 'Correo', required: false },
    { key: 'phone', type: 'phone', label: 'Teléfono', required: true },
    { key: 'birthdate', type: 'date', label: 'Fecha de nacimiento', required: true },
    { key: 'sex', type: 'sex', label: 'Sexo', required: false },
    { key: 'department', type: 'department', label: 'Provincia', required: true },
  ],
};

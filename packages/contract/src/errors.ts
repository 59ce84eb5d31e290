/**
 * The error catalogue: every refusal a person can see, with a stable code, its HTTP status and
 * its text in Spanish (the product's language) and English. The three messages the specification
 * quotes verbatim are kept exactly as written, spelling included.
 *
 * `status: 0` marks messages only the web client shows (no HTTP answer carries them). Messages
 * used as field-level validation details carry status 400.
 */
type Entry = { status: number; es: string; en: string };

const catalogue = {
  // --- generic ---------------------------------------------------------------------------
  /** Any request body, query or parameter that fails its schema; `details` names each field. */
  VALIDATION_FAILED: {
    status: 400,
    es: 'Revise los datos marcados: hay campos con errores.',
    en: 'Check the highlighted data: some fields have errors.',
  },
  /** No token, or a token that is invalid, expired, revoked or of a deleted user. */
  UNAUTHENTICATED: {
    status: 401,
    es: 'Su sesión no es válida o ha expirado. Inicie sesión de nuevo.',
    en: 'Your session is not valid or has expired. Please sign in again.',
  },
  /** The caller's role may not call this route, or may not act on this resource. */
  FORBIDDEN: {
    status: 403,
    es: 'No tiene permiso para realizar esta acción.',
    en: 'You are not allowed to do this.',
  },
  /** Unknown id, or an id of another tenant (never distinguishable). */
  NOT_FOUND: {
    status: 404,
    es: 'No encontramos lo que busca.',
    en: 'We could not find what you are looking for.',
  },
  /** Too many requests from one client or for one identity. */
  RATE_LIMITED: {
    status: 429,
    es: 'Demasiadas solicitudes. Espere un momento e inténtelo de nuevo.',
    en: 'Too many requests. Please wait a moment and try again.',
  },
  /** Anything unexpected; internals are logged, never sent. Spec text, kept verbatim. */
  INTERNAL_ERROR: {
    status: 500,
    es: 'Algo salio mal, inténtelo de nuevo o comuníquese con su proveedor!',
    en: 'Something went wrong, please try again or contact your provider!',
  },
  /** The request body is larger than the route accepts. */
  PAYLOAD_TOO_LARGE: {
    status: 413,
    es: 'El archivo o los datos enviados son demasiado grandes.',
    en: 'The file or data sent is too large.',
  },
  /** A write that collides with the current state of the resource. */
  CONFLICT: {
    status: 409,
    es: 'Otra operación cambió estos datos. Actualice e inténtelo de nuevo.',
    en: 'Another operation changed this data. Refresh and try again.',
  },
  /**
   * A save made on a version of the record that is no longer the stored one: someone saved it
   * after it was read. Nothing is written; on the field `version`.
   */
  STALE_WRITE: {
    status: 409,
    es: 'Otra persona guardó cambios en este registro después de que usted lo abrió. Revise la versión nueva antes de guardar.',
    en: 'Someone else saved changes to this record after you opened it. Review the new version before saving.',
  },
  /** The database (or another service the request needs) cannot be reached right now; `Retry-After` says when to try again. */
  SERVICE_UNAVAILABLE: {
    status: 503,
    es: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.',
    en: 'The service is not available right now. Please try again in a few seconds.',
  },
  /** The request's address is longer than the server accepts. */
  URL_TOO_LONG: {
    status: 414,
    es: 'La dirección de la solicitud es demasiado larga.',
    en: 'The request address is too long.',
  },
  /** The request's headers are larger than the server accepts. */
  HEADERS_TOO_LARGE: {
    status: 431,
    es: 'Los encabezados de la solicitud son demasiado grandes.',
    en: 'The request headers are too large.',
  },
  /** The body is in a format the route does not take (it names the expected one). */
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    es: 'El formato de los datos enviados no es el esperado ({expected}).',
    en: 'The data sent is not in the expected format ({expected}).',
  },
  /** The request is not well formed (its address, its JSON or its encoding). */
  BAD_REQUEST: {
    status: 400,
    es: 'La solicitud no está bien formada.',
    en: 'The request is not well formed.',
  },
  /** The same Idempotency-Key was sent with a different request. */
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    es: 'La clave de idempotencia ya se usó con otra solicitud.',
    en: 'The idempotency key was already used with a different request.',
  },

  // --- authentication and session ------------------------------------------------------
  /** Unknown user, wrong password or wrong tenant: one answer for all. Spec text, verbatim. */
  LOGIN_FAILED: {
    status: 401,
    es: 'El usuario o la contraseña son incorrectos!',
    en: 'The user name or password is incorrect!',
  },
  /** Too many failed sign-ins for this account or from this address. */
  LOGIN_LOCKED: {
    status: 429,
    es: 'Demasiados intentos fallidos. Espere unos minutos antes de intentarlo de nuevo.',
    en: 'Too many failed attempts. Wait a few minutes before trying again.',
  },
  /** Info toast of the forced logout (web client). Spec text, verbatim. */
  SESSION_FINISHED: {
    status: 0,
    es: 'La sesión a finalizado!',
    en: 'Your session has ended!',
  },
  /** The tenant is suspended: no sign-in, no back-office calls, no public pages. */
  TENANT_SUSPENDED: {
    status: 403,
    es: 'Esta cuenta está suspendida. Comuníquese con su proveedor.',
    en: 'This account is suspended. Please contact your provider.',
  },
  /** A user changing their own password gave a wrong current password. */
  CURRENT_PASSWORD_WRONG: {
    status: 422,
    es: 'La contraseña actual es incorrecta.',
    en: 'The current password is wrong.',
  },
  /** The reset link is unknown, used or older than one hour. */
  PASSWORD_RESET_INVALID: {
    status: 422,
    es: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
    en: 'The password reset link is not valid or has expired.',
  },

  // --- users, tenants, countries --------------------------------------------------------
  USERNAME_TAKEN: {
    status: 409,
    es: 'Ya existe un usuario con ese nombre.',
    en: 'A user with that name already exists.',
  },
  /** An admin cannot delete or demote their own account. */
  CANNOT_CHANGE_SELF: {
    status: 409,
    es: 'No puede eliminar su propio usuario ni quitarse el rol de administrador.',
    en: 'You cannot delete your own user or remove your own administrator role.',
  },
  TENANT_SLUG_TAKEN: {
    status: 409,
    es: 'Ya existe un cliente con ese identificador.',
    en: 'A tenant with that identifier already exists.',
  },
  /** Tenants are suspended before they can be deleted. */
  TENANT_NOT_SUSPENDED: {
    status: 409,
    es: 'Suspenda el cliente antes de eliminarlo.',
    en: 'Suspend the tenant before deleting it.',
  },
  COUNTRY_CODE_TAKEN: {
    status: 409,
    es: 'Ya existe un país con ese código.',
    en: 'A country with that code already exists.',
  },
  COUNTRY_IN_USE: {
    status: 409,
    es: 'No se puede eliminar un país que usan clientes o campañas.',
    en: 'A country used by tenants or campaigns cannot be deleted.',
  },
  /** An operator needs the redemption centre they work at. */
  OPERATOR_CENTRE_REQUIRED: {
    status: 400,
    es: 'Un operador debe tener un centro de canje asignado.',
    en: 'An operator must be assigned a redemption centre.',
  },

  // --- messages of the specification, section 8 -----------------------------------------
  GEOLOCATION_UNSUPPORTED: {
    status: 0,
    es: 'Su navegador no permite obtener la ubicación.',
    en: 'Geolocation is not supported by your browser.',
  },
  CAMPAIGN_HAS_DATA: {
    status: 409,
    es: 'No se puede eliminar una campaña que tiene datos.',
    en: 'A campaign that has data cannot be deleted.',
  },
  /** `POST forms` for a campaign that has its form already: change it with `PUT forms/{id}`. */
  FORM_EXISTS: {
    status: 409,
    es: 'La campaña ya tiene un formulario: modifíquelo en lugar de crear otro.',
    en: 'The campaign already has a form: change it instead of creating another.',
  },
  /** A form answered by people, or of an active campaign, stays. */
  FORM_IN_USE: {
    status: 409,
    es: 'No se puede eliminar el formulario: la campaña está activa o ya tiene participaciones.',
    en: 'The form cannot be deleted: the campaign is active or already has participations.',
  },
  CAMPAIGN_NOT_UPDATED: {
    status: 422,
    es: 'No se pudo actualizar la campaña.',
    en: 'The campaign was not updated.',
  },
  /** Field detail of CAMPAIGN_NOT_UPDATED: the country decides identity and phone formats. */
  COUNTRY_FIXED: {
    status: 400,
    es: 'El país no se puede cambiar porque la campaña ya tiene participaciones.',
    en: 'The country cannot change because the campaign already has participations.',
  },
  LANDING_NOT_DELETABLE: {
    status: 409,
    es: 'No se puede eliminar la landing.',
    en: 'The landing cannot be deleted.',
  },
  LANDING_NOT_UPDATED: {
    status: 422,
    es: 'No se pudo actualizar la landing.',
    en: 'The landing was not updated.',
  },
  LANDING_GROUP_NOT_CREATED: {
    status: 422,
    es: 'No se pudo crear el grupo de landings.',
    en: 'The landing group could not be created.',
  },
  IDENTITY_INVALID: {
    status: 404,
    es: 'El número de identificación no existe o no es válido.',
    en: 'The identity number does not exist or is invalid.',
  },
  CODE_NOT_REVOKED: {
    status: 409,
    es: 'No se pudo revocar el código.',
    en: 'The code was not revoked.',
  },
  CODE_OUTSIDE_REDEMPTION_WINDOW: {
    status: 422,
    es: 'El código está fuera de su rango de fechas de canje.',
    en: 'The code is outside its redemption date range.',
  },
  INVALID_PRIZE_CODE: {
    status: 404,
    es: 'El código de premio no es válido.',
    en: 'Invalid prize code.',
  },
  INVALID_COORDINATES: {
    status: 400,
    es: 'Las coordenadas no son válidas.',
    en: 'Invalid coordinates.',
  },
  REPORT_ONLY_FOR_RAFFLES: {
    status: 422,
    es: 'Este reporte solo está disponible para campañas de tipo sorteo.',
    en: 'This report is only available for raffle-type campaigns.',
  },
  MARKETPLACE_USER_NOT_FOUND: {
    status: 404,
    es: 'No se encontró el usuario del marketplace.',
    en: 'Marketplace user not found.',
  },
  POINTS_USER_NOT_FOUND: {
    status: 404,
    es: 'No se encontró el usuario de puntos.',
    en: 'Points user not found.',
  },
  /** With when and where: `details[0].params` has redeemedAt, centreCode and centreName. */
  CODE_ALREADY_REDEEMED: {
    status: 409,
    es: 'Este código ya fue canjeado el {when} en {centreName}.',
    en: 'This code was already redeemed on {when} at {centreName}.',
  },
  CODE_REVOKED: {
    status: 409,
    es: 'Este código fue revocado.',
    en: 'This code has been revoked.',
  },
  UNDERAGE: {
    status: 422,
    es: 'Solo pueden participar personas mayores de edad.',
    en: 'Only adults may participate.',
  },
  PARTICIPATION_LIMIT: {
    status: 422,
    es: 'Ya alcanzó el máximo de participaciones permitidas.',
    en: 'You have reached the maximum number of participations.',
  },
  CAMPAIGN_NOT_ACTIVE: {
    status: 422,
    es: 'Esta promoción no está disponible en este momento.',
    en: 'This promotion is not available right now.',
  },

  // --- campaigns and participation --------------------------------------------------------
  CAMPAIGN_NAME_TAKEN: {
    status: 409,
    es: 'Ya existe una campaña con ese nombre.',
    en: 'A campaign with that name already exists.',
  },
  /** Archived campaigns are read-only until restored. */
  CAMPAIGN_ARCHIVED: {
    status: 409,
    es: 'La campaña está archivada: restáurela para modificarla.',
    en: 'The campaign is archived: restore it to change it.',
  },
  /** A campaign cannot be activated (or take part) without its form. */
  CAMPAIGN_FORM_MISSING: {
    status: 422,
    es: 'La campaña no tiene formulario: configúrelo antes de activarla.',
    en: 'The campaign has no form: set it up before activating it.',
  },
  CAMPAIGN_GROUP_NAME_TAKEN: {
    status: 409,
    es: 'Ya existe un grupo de campañas con ese nombre.',
    en: 'A campaign group with that name already exists.',
  },
  IDENTITY_FIELD_REQUIRED: {
    status: 400,
    es: 'El formulario debe incluir el número de identificación como campo obligatorio.',
    en: 'The form must include the identity number as a required field.',
  },
  CONSENT_REQUIRED: {
    status: 400,
    es: 'Debe aceptar los términos y condiciones para participar.',
    en: 'You must accept the terms and conditions to take part.',
  },
  DATE_RANGE_INVALID: {
    status: 400,
    es: 'La fecha final debe ser posterior a la inicial.',
    en: 'The end date must be after the start date.',
  },
  DEPARTMENT_NOT_ALLOWED: {
    status: 422,
    es: 'Esta promoción no está disponible en su departamento.',
    en: 'This promotion is not available in your department.',
  },
  OUTSIDE_SCHEDULE: {
    status: 422,
    es: 'Esta promoción solo recibe participaciones en los días y horarios indicados.',
    en: 'This promotion only accepts entries on the stated days and hours.',
  },
  /**
   * Blacklisted: the person is not told why, and not invited to try again (the generic "try
   * again" text made people retry a refusal that cannot change; decision 022).
   */
  PARTICIPATION_NOT_ACCEPTED: {
    status: 422,
    es: 'No podemos aceptar su participación en esta promoción. Si cree que se trata de un error, comuníquese con el organizador.',
    en: 'We cannot accept your entry in this promotion. If you think this is a mistake, please contact the organiser.',
  },
  /**
   * The campaign refuses a participation whose e-mail or phone differs from the one registered for
   * the identity number (`settings.contactMismatch: 'refuse'`); on the field that differs. The stored
   * contact is never named.
   */
  CONTACT_MISMATCH: {
    status: 422,
    es: 'Este dato de contacto no coincide con el registrado para su número de identificación. Use el registrado o comuníquese con el organizador.',
    en: 'This contact detail does not match the one registered for your identity number. Use the registered one or contact the organiser.',
  },
  BLACKLIST_DUPLICATE: {
    status: 409,
    es: 'Ese valor ya está en la lista negra.',
    en: 'That value is already on the blacklist.',
  },

  PARTICIPANT_EXISTS: {
    status: 409,
    es: 'Ya existe una persona con ese número de identificación.',
    en: 'A person with that identity number already exists.',
  },
  /** An uploaded file that is not a readable CSV with the expected columns. */
  UPLOAD_INVALID: {
    status: 400,
    es: 'El archivo no es un CSV válido con las columnas esperadas.',
    en: 'The file is not a valid CSV with the expected columns.',
  },

  // --- images -------------------------------------------------------------------------------
  /** An upload over 5 MB (before re-encoding). */
  /** An uploaded file over the limit of its kind: refused whole, nothing imported. */
  UPLOAD_TOO_LARGE: {
    status: 413,
    es: 'El archivo supera el límite de {limit}. No se importó nada.',
    en: 'The file is over the {limit} limit. Nothing was imported.',
  },
  /** An uploaded file that is not text (binary, an image, a spreadsheet instead of its CSV). */
  UPLOAD_NOT_TEXT: {
    status: 400,
    es: 'El archivo no es un CSV de texto. Guárdelo como CSV (UTF-8 o Windows) e inténtelo de nuevo.',
    en: 'The file is not a text CSV. Save it as CSV (UTF-8 or Windows) and try again.',
  },
  /** A CSV in UTF-16 without the byte order mark that tells how to read it (one with it is read). */
  UPLOAD_UTF16_WITHOUT_BOM: {
    status: 400,
    es: 'El archivo está en UTF-16 sin marca de orden de bytes y no se puede leer. Guarde el archivo como CSV UTF-8 e inténtelo de nuevo. No se importó nada.',
    en: 'The file is in UTF-16 without a byte order mark and cannot be read. Save the file as CSV UTF-8 and try again. Nothing was imported.',
  },
  /** A quote that is not closed, or a character after a closing quote, on a line of the CSV. */
  UPLOAD_QUOTE_INVALID: {
    status: 400,
    es: 'Las comillas de la línea {line} no están bien cerradas. No se importó nada.',
    en: 'The quotes on line {line} are not closed properly. Nothing was imported.',
  },
  /** An all-or-nothing import with refused rows: nothing was written; the report names each row. */
  UPLOAD_ROWS_REFUSED: {
    status: 422,
    es: 'Hay filas rechazadas: no se importó nada. Corrija las filas indicadas o importe solo las válidas.',
    en: 'Some rows were refused: nothing was imported. Fix the rows listed or import only the valid ones.',
  },
  IMAGE_TOO_LARGE: {
    status: 413,
    es: 'La imagen supera el tamaño máximo de {max} MB.',
    en: 'The image is larger than the {max} MB limit.',
  },
  /** The bytes are not a JPEG, PNG, WebP or GIF image (whatever the file is called). */
  IMAGE_TYPE_NOT_ALLOWED: {
    status: 415,
    es: 'Solo se aceptan imágenes JPEG, PNG, WebP o GIF.',
    en: 'Only JPEG, PNG, WebP or GIF images are accepted.',
  },
  /** A damaged image, or one too large once decoded. */
  IMAGE_INVALID: {
    status: 422,
    es: 'No se pudo leer la imagen: está dañada o es demasiado grande.',
    en: 'The image could not be read: it is damaged or too large.',
  },

  // --- reward codes and redemption -------------------------------------------------------
  CENTRE_CODE_TAKEN: {
    status: 409,
    es: 'Ya existe un centro de canje con ese código.',
    en: 'A redemption centre with that code already exists.',
  },
  CENTRE_IN_USE: {
    status: 409,
    es: 'No se puede eliminar un centro que tiene canjes: desactívelo en su lugar.',
    en: 'A centre with redemptions cannot be deleted: deactivate it instead.',
  },
  CENTRE_GROUP_NAME_TAKEN: {
    status: 409,
    es: 'Ya existe un grupo de centros con ese nombre.',
    en: 'A centre group with that name already exists.',
  },
  /** The operator's centre is not among the campaign's centres. */
  CENTRE_NOT_ALLOWED: {
    status: 422,
    es: 'Este código no se puede canjear en este centro.',
    en: 'This code cannot be redeemed at this centre.',
  },
  /** An operator without a centre (or an inactive one) cannot redeem. */
  OPERATOR_WITHOUT_CENTRE: {
    status: 422,
    es: 'Su usuario no tiene un centro de canje activo asignado.',
    en: 'Your user has no active redemption centre assigned.',
  },
  /** In an upload: the code already exists in the tenant. */
  CODE_EXISTS: {
    status: 400,
    es: 'Este código ya existe.',
    en: 'This code already exists.',
  },
  CODES_EXHAUSTED: {
    status: 409,
    es: 'Se agotaron los códigos de esta promoción.',
    en: 'This promotion has run out of codes.',
  },
  /** A reward code of another kind of campaign, or a code type that does not apply. */
  CAMPAIGN_KIND_MISMATCH: {
    status: 422,
    es: 'Esta operación no corresponde al tipo de campaña.',
    en: 'This operation does not apply to this kind of campaign.',
  },
  REDEMPTION_ALREADY_REVERSED: {
    status: 409,
    es: 'Este canje ya fue revertido.',
    en: 'This redemption has already been reversed.',
  },

  // --- builder (spec section 8) -----------------------------------------------------------
  MAP_ALREADY_INSERTED: {
    status: 400,
    es: 'El mapa ya fue insertado en esta página.',
    en: 'The map is already on this page.',
  },
  REWARD_CODE_ALREADY_INSERTED: {
    status: 400,
    es: 'El código de premio ya fue insertado en esta página.',
    en: 'The reward code is already on this page.',
  },
  ELEMENT_ONLY_IN_FORM: {
    status: 400,
    es: 'Este elemento solo se permite dentro de un formulario.',
    en: 'This element is only allowed inside a form.',
  },
  COLUMNS_ONLY_IN_ROWS: {
    status: 400,
    es: 'Las columnas solo se permiten dentro de filas.',
    en: 'Columns are only allowed inside rows.',
  },
  ELEMENT_NOT_ALLOWED_IN_ROW: {
    status: 400,
    es: 'Este elemento no se permite dentro de una fila.',
    en: 'This element is not allowed in a row.',
  },
  /** A landing's share image must be one of the tenant's uploaded images. */
  SHARE_IMAGE_NOT_IN_LIBRARY: {
    status: 400,
    es: 'Elija una imagen de su biblioteca de imágenes.',
    en: 'Choose an image from your image library.',
  },

  // --- field validation (spec section 5); used in VALIDATION_FAILED details -------------
  FIELD_REQUIRED: { status: 400, es: 'Este campo es obligatorio.', en: 'This field is required.' },
  FIELD_INVALID: { status: 400, es: 'El valor no es válido.', en: 'The value is not valid.' },
  /** A text with a character that cannot be stored (NUL, a lone surrogate, other control characters). */
  FIELD_CHARACTERS_INVALID: {
    status: 400,
    es: 'El valor contiene caracteres no permitidos.',
    en: 'The value contains characters that are not allowed.',
  },
  FIELD_TOO_SHORT: {
    status: 400,
    es: 'Debe tener al menos {min} caracteres.',
    en: 'Must have at least {min} characters.',
  },
  FIELD_TOO_LONG: {
    status: 400,
    es: 'Debe tener como máximo {max} caracteres.',
    en: 'Must have at most {max} characters.',
  },
  NUMBER_TOO_SMALL: {
    status: 400,
    es: 'Debe ser mayor o igual a {min}.',
    en: 'Must be at least {min}.',
  },
  NUMBER_TOO_LARGE: {
    status: 400,
    es: 'Debe ser menor o igual a {max}.',
    en: 'Must be at most {max}.',
  },
  UNKNOWN_FIELD: {
    status: 400,
    es: 'Este campo no se reconoce.',
    en: 'This field is not recognised.',
  },
  CODE_COUNT_POSITIVE: {
    status: 400,
    es: 'La cantidad de códigos a generar debe ser mayor que cero.',
    en: 'The number of codes to generate must be greater than zero.',
  },
  REPETITION_COUNT_POSITIVE: {
    status: 400,
    es: 'La cantidad de repeticiones debe ser mayor que cero.',
    en: 'The repetition count must be greater than zero.',
  },
  IDENTITY_FORMAT: {
    status: 400,
    es: 'El número de identificación no debe tener espacios ni guiones.',
    en: 'The identity number must have no spaces or hyphens.',
  },
  IDENTITY_PATTERN: {
    status: 400,
    es: 'El número de identificación no tiene el formato de {label}.',
    en: 'The identity number does not have the format of a {label}.',
  },
  EMAIL_FORMAT: {
    status: 400,
    es: 'El correo electrónico no debe tener espacios.',
    en: 'The e-mail must have no spaces.',
  },
  PHONE_DIGITS: {
    status: 400,
    es: 'El teléfono debe tener exactamente {digits} dígitos.',
    en: 'The phone must have exactly {digits} digits.',
  },
  CENTRE_CODE_FORMAT: {
    status: 400,
    es: 'El código del centro de canje debe tener seis dígitos.',
    en: 'A redemption centre code has six digits.',
  },
  REQUIRED_ANSWER: {
    status: 400,
    es: 'Debe responder las preguntas obligatorias.',
    en: 'Required questions must be answered.',
  },
  SPECIAL_CHARACTERS: {
    status: 400,
    es: 'Los campos no deben contener caracteres especiales.',
    en: 'Fields must not contain special characters.',
  },
  CREDENTIALS_REQUIRED: {
    status: 400,
    es: 'El usuario y la contraseña son obligatorios.',
    en: 'User name and password are required.',
  },
  CAMPAIGN_REQUIRED: {
    status: 400,
    es: 'Debe seleccionar una campaña.',
    en: 'A campaign must be selected.',
  },
  LOT_REQUIRED: {
    status: 400,
    es: 'Debe agregar al menos un lote.',
    en: 'Add at least one lot.',
  },
  LOT_SHOP_REQUIRED: {
    status: 400,
    es: 'Cada lote debe tener al menos una tienda.',
    en: 'Each lot needs at least one shop.',
  },
  LOT_AMOUNT_POSITIVE: {
    status: 400,
    es: 'Las cantidades de los lotes deben ser mayores que cero.',
    en: 'Lot amounts must be above zero.',
  },
  LOT_PRODUCT_REQUIRED: {
    status: 400,
    es: 'Cada lote debe tener un producto.',
    en: 'Each lot needs a product.',
  },
  DEPARTMENT_FIELD_REQUIRED: {
    status: 400,
    es: 'La campaña debe incluir un campo de departamento en sus formularios de landing.',
    en: 'The campaign must include a department field in its landing forms.',
  },
  CAMPAIGN_GROUP_EMPTY: {
    status: 400,
    es: 'Un grupo de campañas necesita al menos una campaña.',
    en: 'A campaign group needs at least one campaign.',
  },
  LANDING_GROUP_NAME_REQUIRED: {
    status: 400,
    es: 'El nombre del grupo de landings es obligatorio.',
    en: 'A landing group name is required.',
  },
  CENTRE_REQUIRED: {
    status: 400,
    es: 'Debe seleccionar al menos un centro de canje.',
    en: 'At least one redemption centre must be selected.',
  },
  PRODUCT_STOCK_PRICE_POSITIVE: {
    status: 400,
    es: 'El stock y el precio del producto deben ser mayores que cero.',
    en: 'Product stock and price must be above zero.',
  },
  PRODUCT_CODES_REQUIRED: {
    status: 400,
    es: 'Debe cargar códigos para el producto.',
    en: 'Codes must be uploaded for a product.',
  },
  MARKETPLACE_NAME_REQUIRED: {
    status: 400,
    es: 'El nombre del marketplace es obligatorio.',
    en: 'The marketplace name is required.',
  },
  MARKETPLACE_TEMPLATE_INVALID: {
    status: 400,
    es: 'El identificador de plantilla no tiene un formato válido.',
    en: 'The template id does not have a valid format.',
  },
  MARKETPLACE_PRODUCT_REQUIRED: {
    status: 400,
    es: 'El marketplace necesita al menos un producto.',
    en: 'A marketplace needs at least one product.',
  },
  BIRTHDATE_REQUIRED: {
    status: 400,
    es: 'La fecha de nacimiento es obligatoria.',
    en: 'A birthdate is required.',
  },
  SLUG_FORMAT: {
    status: 400,
    es: 'Use solo letras minúsculas, números y guiones.',
    en: 'Use lowercase letters, digits and hyphens only.',
  },
  SLUG_RESERVED: {
    status: 400,
    es: 'Ese identificador está reservado por la plataforma.',
    en: 'That identifier is reserved by the platform.',
  },
  PASSWORD_TOO_WEAK: {
    status: 400,
    es: 'La contraseña debe tener al menos 10 caracteres.',
    en: 'The password must have at least 10 characters.',
  },
  COLOR_FORMAT: {
    status: 400,
    es: 'El color debe tener 3, 6 u 8 dígitos hexadecimales, con # opcional.',
    en: 'The colour must have 3, 6 or 8 hex digits, with an optional #.',
  },
  TIME_ZONE_INVALID: {
    status: 400,
    es: 'La zona horaria no es válida.',
    en: 'The time zone is not valid.',
  },
  PATTERN_INVALID: {
    status: 400,
    es: 'La expresión regular no es válida.',
    en: 'The regular expression is not valid.',
  },
  DUPLICATE_VALUE: {
    status: 400,
    es: 'Este valor está repetido.',
    en: 'This value is repeated.',
  },
  /** In an upload: the value already appeared on an earlier line of the file. */
  DUPLICATE_IN_FILE: {
    status: 400,
    es: 'Este valor ya aparece en la línea {line} del archivo.',
    en: 'This value already appears on line {line} of the file.',
  },
  /** Prizes and winning moments of an instant-award campaign are fixed once it has started. */
  INSTANT_AWARDS_FROZEN: {
    status: 409,
    es: 'Los premios y momentos ganadores no se pueden cambiar después del inicio de la campaña.',
    en: 'Prizes and winning moments cannot change once the campaign has started.',
  },
  /** A hand-set winning moment outside the campaign window, or of an unknown prize. */
  MOMENT_INVALID: {
    status: 400,
    es: 'El momento ganador debe estar dentro de la vigencia de la campaña y tener un premio.',
    en: 'A winning moment must fall within the campaign window and name a prize.',
  },
  /** A raffle draw over an empty entry list (after its filters). */
  RAFFLE_WITHOUT_ENTRIES: {
    status: 422,
    es: 'El sorteo no tiene participaciones que cumplan los filtros.',
    en: 'The raffle has no entries matching the filters.',
  },
  /** A redraw when the draw has no alternate left to take the winner's place. */
  RAFFLE_NO_ALTERNATE: {
    status: 409,
    es: 'No quedan suplentes en este sorteo: realice un sorteo nuevo.',
    en: 'No alternates are left in this draw: make a new draw.',
  },
  /** A one-request draw while a recorded seed commitment waits to be drawn. */
  RAFFLE_COMMITMENT_PENDING: {
    status: 409,
    es: 'Este sorteo tiene un compromiso de semilla registrado: realice el sorteo desde ese compromiso.',
    en: 'This raffle has a recorded seed commitment: draw from that commitment.',
  },
  /** A commitment drawn twice. */
  RAFFLE_COMMITMENT_USED: {
    status: 409,
    es: 'Este compromiso ya se usó en un sorteo.',
    en: 'This commitment has already been drawn.',
  },

  // --- points and marketplace (issue #8) ------------------------------------------------
  /** A debit (product, negative adjustment) larger than the balance: balances never go below zero. */
  POINTS_INSUFFICIENT: {
    status: 422,
    es: 'No tiene puntos suficientes.',
    en: 'You do not have enough points.',
  },
  /** The product (or the chosen shop) has no unit left. */
  OUT_OF_STOCK: {
    status: 409,
    es: 'Este producto está agotado.',
    en: 'This product is out of stock.',
  },
  /** Inactive, not in this marketplace, or the marketplace is closed or outside its window. */
  PRODUCT_NOT_AVAILABLE: {
    status: 422,
    es: 'Este producto no está disponible en este momento.',
    en: 'This product is not available right now.',
  },
  MARKETPLACE_CLOSED: {
    status: 422,
    es: 'El marketplace no está abierto en este momento.',
    en: 'The marketplace is not open right now.',
  },
  /** A physical product needs the shop where it will be picked up. */
  SHOP_REQUIRED: {
    status: 400,
    es: 'Elija la tienda donde retirará el producto.',
    en: 'Choose the shop where you will pick up the product.',
  },
  /** A 'redeem with code' product asked for with points, or a code of another product. */
  PRODUCT_NEEDS_CODE: {
    status: 422,
    es: 'Este producto solo se canjea con un código válido para él.',
    en: 'This product can only be redeemed with a code valid for it.',
  },
  REDEEM_CODE_USED: {
    status: 409,
    es: 'Este código ya fue utilizado.',
    en: 'This code has already been used.',
  },
  /** A redeem-code batch is worth either points or a product, not both or neither. */
  REDEEM_BATCH_VALUE: {
    status: 400,
    es: 'Indique los puntos o el producto que vale cada código.',
    en: 'Give the points or the product each code is worth.',
  },
  /** The lots of a product would place more units in shops than its stock. */
  LOT_EXCEEDS_STOCK: {
    status: 400,
    es: 'Los lotes superan el stock del producto.',
    en: 'The lots exceed the product’s stock.',
  },
  PRODUCT_IN_USE: {
    status: 409,
    es: 'No se puede eliminar un producto con canjes o lotes: desactívelo en su lugar.',
    en: 'A product with orders or lots cannot be deleted: deactivate it instead.',
  },
  /** The one-time code is wrong, used or expired (or too many wrong tries). */
  OTP_INVALID: {
    status: 422,
    es: 'El código de verificación no es válido o ya expiró.',
    en: 'The verification code is not valid or has expired.',
  },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof catalogue;
export type Locale = 'es' | 'en';
export const LOCALES: readonly Locale[] = ['es', 'en'];

export const errorCodes = Object.keys(catalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(catalogue, value);
}

export function errorStatus(code: ErrorCode): number {
  return catalogue[code].status;
}

/** The catalogue text of `code` in `locale`, with `{name}` placeholders filled from `params`. */
export function errorMessage(
  code: ErrorCode,
  locale: Locale = 'es',
  params?: Record<string, string | number>,
): string {
  const text: string = catalogue[code][locale];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** One field's refusal inside a VALIDATION_FAILED answer. */
export type ErrorDetail = {
  path: string;
  code: ErrorCode;
  message: string;
  params?: Record<string, string | number>;
};

/** The one error body every failing route answers. */
export type ErrorBody = { error: { code: ErrorCode; message: string; details: ErrorDetail[] } };

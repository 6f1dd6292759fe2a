/** A reference to a component of the document (`#/components/<kind>/<name>`). */
const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
export const schemaRef = (name: string) => ref("schemas", name);
export const headerRef = (name: string) => ref("headers", name);

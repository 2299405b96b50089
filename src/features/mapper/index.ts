export { FieldMapper, type FieldMapperProps } from './field-mapper';

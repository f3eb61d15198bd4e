export * from './inputs.ts';
export * from './expression.ts';
export * from './model.ts';
export * from './evaluate.ts';
export * from './reasons.ts';
export * from './default-model.ts';

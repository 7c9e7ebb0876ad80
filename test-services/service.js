export {};
//# sourceMappingURL=service.js.map
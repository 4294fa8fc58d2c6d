/** What other domains may use of the eSIM domain: the demo orders of the seed. */
export { DEMO_ESIM_ORDERS, seedEsimOrders } from './demo';

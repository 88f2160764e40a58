/**
 * `/events/{page}-{id}`: the loader has checked the page name and the id; the console's page switch
 * (dashboard, add, commission...) renders it.
 */
export { Component } from '../../../app/event-pages';
